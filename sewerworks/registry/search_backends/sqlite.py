"""SQLite: FTS5 tables with the ``trigram`` tokenizer (SQLite 3.34+), kept in step by triggers.

Why FTS5 trigram: it indexes every three-character run of a text, so "vans" (the trigrams "van" and
"ans", adjacent) is looked up in the index instead of ``LIKE '%vans%'`` reading a million rows, and its
``LIKE 'x%'`` is indexed too. Why triggers, not Python signals: the roll import, the demo's bulk load
and any SQL a clerk runs write parcels and owners with ``executemany``; a trigger sees every write.

Two tables, each row keyed by the record's id (its ``rowid``):
- ``registry_parcel_fts(address, tax_map)``: the parcel's ``address_search`` and its tax map number
  without separators (``tax_map_compact``);
- ``registry_owner_fts(name)``: the owner's ``name_search``.
"""

from __future__ import annotations

from typing import Any

# The tax map number without separators (base.tax_map_compact), for a row of registry_parcel called {r}.
COMPACT = "lower(replace(replace(replace(replace({r}.tax_map_number, '.', ''), '-', ''), '/', ''), ' ', ''))"
TABLES = {
    "registry_parcel_fts": "fts5(address, tax_map, tokenize = 'trigram')",
    "registry_owner_fts": "fts5(name, tokenize = 'trigram')",
}
PARCEL_INSERT = "INSERT INTO registry_parcel_fts(rowid, address, tax_map) VALUES (new.id, new.address_search, {});"
PARCEL_INSERT = PARCEL_INSERT.format(COMPACT.format(r="new"))
OWNER_INSERT = "INSERT INTO registry_owner_fts(rowid, name) VALUES (new.id, new.name_search);"
PARCEL_DELETE = "DELETE FROM registry_parcel_fts WHERE rowid = old.id;"
OWNER_DELETE = "DELETE FROM registry_owner_fts WHERE rowid = old.id;"
TRIGGERS = {  # name: (when, statements)
    "registry_parcel_fts_insert": ("AFTER INSERT ON registry_parcel", PARCEL_INSERT),
    "registry_parcel_fts_update": (
        "AFTER UPDATE OF id, address_search, tax_map_number ON registry_parcel",
        PARCEL_DELETE + " " + PARCEL_INSERT,
    ),
    "registry_parcel_fts_delete": ("AFTER DELETE ON registry_parcel", PARCEL_DELETE),
    "registry_owner_fts_insert": ("AFTER INSERT ON registry_owner", OWNER_INSERT),
    "registry_owner_fts_update": (
        "AFTER UPDATE OF id, name_search ON registry_owner",
        OWNER_DELETE + " " + OWNER_INSERT,
    ),
    "registry_owner_fts_delete": ("AFTER DELETE ON registry_owner", OWNER_DELETE),
}
REBUILD = [
    "DELETE FROM registry_parcel_fts",
    "INSERT INTO registry_parcel_fts(rowid, address, tax_map) SELECT p.id, p.address_search, {} FROM registry_parcel p",
    "DELETE FROM registry_owner_fts",
    "INSERT INTO registry_owner_fts(rowid, name) SELECT id, name_search FROM registry_owner",
]


def _phrase(column: str, text: str) -> str:
    """An FTS5 phrase on one column: with the trigram tokenizer, "text contains this string"."""
    return f'{column} : "{text.replace(chr(34), chr(34) * 2)}"'


class SqliteTrigram:
    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def _ids(self, sql: str, params: list[Any]) -> list[int]:
        with self.connection.cursor() as cursor:
            cursor.execute(sql, params)
            return [row[0] for row in cursor.fetchall()]

    def installed(self) -> bool:
        wanted = set(TABLES) | set(TRIGGERS)
        found = self._ids_names()
        return wanted <= found

    def _ids_names(self) -> set[str]:
        with self.connection.cursor() as cursor:
            cursor.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
            return {row[0] for row in cursor.fetchall()}

    def install(self) -> None:
        """Create the tables and triggers if any is missing and fill the tables from the records (a later
        migration that remakes registry_parcel or registry_owner drops their triggers: this puts them back)."""
        if self.installed():
            return
        with self.connection.cursor() as cursor:
            for name, module in TABLES.items():
                cursor.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {name} USING {module}")
            for name, (when, statements) in TRIGGERS.items():
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
                cursor.execute(f"CREATE TRIGGER {name} {when} BEGIN {statements} END")
            for sql in REBUILD:
                cursor.execute(sql.format(COMPACT.format(r="p")))

    def uninstall(self) -> None:
        with self.connection.cursor() as cursor:
            for name in TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            for name in TABLES:
                cursor.execute(f"DROP TABLE IF EXISTS {name}")

    def owners_containing(self, forms: list[str], limit: int) -> list[int]:
        match = " OR ".join(_phrase("name", form) for form in forms)
        return self._ids(
            "SELECT rowid FROM registry_owner_fts WHERE registry_owner_fts MATCH %s LIMIT %s", [match, limit]
        )

    def parcels_containing(self, forms: list[str], limit: int) -> list[int]:
        match = " OR ".join(_phrase("address", form) for form in forms)
        return self._ids(
            "SELECT rowid FROM registry_parcel_fts WHERE registry_parcel_fts MATCH %s LIMIT %s", [match, limit]
        )

    def parcels_with_compact_tax_map(self, compact: str, limit: int) -> list[int]:
        # The trigram index answers LIKE 'x%' (the caller passes letters and digits only: no wildcard).
        return self._ids("SELECT rowid FROM registry_parcel_fts WHERE tax_map LIKE %s LIMIT %s", [compact + "%", limit])
