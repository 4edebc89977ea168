"""PostgreSQL: ``pg_trgm`` GIN indexes on the search columns (the rows need nothing else: the index is
kept by PostgreSQL on every write, however made).

Why pg_trgm: a GIN index of trigrams answers ``LIKE '%vans%'`` (and ``LIKE 'x%'``) for any three or more
characters, where a B-tree answers only a prefix and a full-text (tsvector) index only whole words or
word prefixes ("vans" is in the middle of the word "evans").
"""

from __future__ import annotations

from typing import Any

COMPACT_SQL = "lower(translate(tax_map_number, '.-/ ', ''))"
INDEXES = {
    "registry_owner_name_trgm": "ON registry_owner USING gin (name_search gin_trgm_ops)",
    "registry_parcel_address_trgm": "ON registry_parcel USING gin (address_search gin_trgm_ops)",
    "registry_parcel_tax_map_compact_trgm": f"ON registry_parcel USING gin (({COMPACT_SQL}) gin_trgm_ops)",
}


def _like_any(column: str, forms: list[str]) -> str:
    return "(" + " OR ".join(f"{column} LIKE %s" for _ in forms) + ")"


def _contains(text: str) -> str:
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class PostgresTrigram:
    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def _ids(self, sql: str, params: list[Any]) -> list[int]:
        with self.connection.cursor() as cursor:
            cursor.execute(sql, params)
            return [row[0] for row in cursor.fetchall()]

    def install(self) -> None:
        with self.connection.cursor() as cursor:
            cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
            for name, body in INDEXES.items():
                cursor.execute(f"CREATE INDEX IF NOT EXISTS {name} {body}")

    def uninstall(self) -> None:
        with self.connection.cursor() as cursor:
            for name in INDEXES:
                cursor.execute(f"DROP INDEX IF EXISTS {name}")

    def owners_containing(self, forms: list[str], limit: int) -> list[int]:
        where = _like_any("name_search", forms)
        return self._ids(f"SELECT id FROM registry_owner WHERE {where} LIMIT %s", [*map(_contains, forms), limit])  # noqa: S608

    def parcels_containing(self, forms: list[str], limit: int) -> list[int]:
        where = _like_any("address_search", forms)
        return self._ids(f"SELECT id FROM registry_parcel WHERE {where} LIMIT %s", [*map(_contains, forms), limit])  # noqa: S608

    def parcels_with_compact_tax_map(self, compact: str, limit: int) -> list[int]:
        return self._ids(
            f"SELECT id FROM registry_parcel WHERE {COMPACT_SQL} LIKE %s LIMIT %s",  # noqa: S608
            [compact.replace("%", "").replace("_", "") + "%", limit],
        )
