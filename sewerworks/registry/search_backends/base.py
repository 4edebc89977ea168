"""What a search backend answers (see the package docstring)."""

from __future__ import annotations

from typing import Protocol

# A trigram index needs three characters to look anything up: shorter queries keep the prefix path.
MIN_SUBSTRING = 3
# The tax map number without its separators, as both databases compute it in SQL (no interpretation id:
# this is how people type, not a reading of the law). Lower case, so "103.11-5-11A" is "103115 11a".
TAX_MAP_SEPARATORS = ".-/ "


def tax_map_compact(text: str) -> str:
    """The tax map number without its dots, dashes, slashes and spaces: "108.12-3-45" -> "10812345"."""
    return "".join(ch for ch in text.lower() if ch not in TAX_MAP_SEPARATORS)


class SearchBackend(Protocol):
    def install(self) -> None:
        """Create the index (and, on SQLite, the triggers that keep it in step) if missing."""

    def owners_containing(self, forms: list[str], limit: int) -> list[int]:
        """Ids of owners whose search name contains any of ``forms`` (each at least MIN_SUBSTRING long)."""

    def parcels_containing(self, forms: list[str], limit: int) -> list[int]:
        """Ids of parcels whose search address contains any of ``forms``."""

    def parcels_with_compact_tax_map(self, compact: str, limit: int) -> list[int]:
        """Ids of parcels whose tax map number, without separators, starts with ``compact``."""

    def uninstall(self) -> None:
        """Drop the index (the migration's reverse)."""
