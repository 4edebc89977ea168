"""One search box for the registry: tax map number, address, owner, account number, meter serial.

Two paths, ranked together: the exact match first, then the records that start with what was typed, then
those that contain it.
- Prefix: each kind is a prefix search on an indexed column in its search form (lower case, single
  spaces), written as a range (``>= prefix`` and ``< prefix+1``) so that a plain B-tree index answers it on
  SQLite and PostgreSQL alike. Every query takes this path, one or two characters included.
- Substring (three characters or more): owners' names and parcels' addresses that contain the text
  anywhere ("vans" in "EVANS ROBERT", "robert" in it too), and tax map numbers typed without their
  separators ("10812345"), from a trigram index: SQLite FTS5 or PostgreSQL pg_trgm, behind one interface
  (``search_backends``).
p95 under 100 ms on a million parcels on both databases (``make bench``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse

from sewerworks.registry.filters import prefix_range
from sewerworks.registry.models import Owner, Ownership, Parcel, SewerAccount, WaterMeter
from sewerworks.registry.models.parcels import normalise_search
from sewerworks.registry.search_backends import MIN_SUBSTRING, backend, tax_map_compact
from sewerworks.registry.search_forms import address_forms, name_forms, tax_map_compact_form, tax_map_forms

EXACT, PREFIX, CONTAINS = 0, 1, 2


@dataclass(frozen=True)
class SearchHit:
    kind: str  # "parcel", "owner", "account", "meter"
    label: str
    detail: str
    parcel_id: int | None
    url: str


def _prefix(qs: Any, field: str, prefix: str) -> Any:
    return prefix_range(qs, field, prefix).order_by(field)


def _parcel_url(pk: int) -> str:
    return reverse("registry:parcel_detail", args=[pk])


class _Found:
    """The hits of one search, each parcel and owner once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.hits: list[SearchHit] = []
        self.parcels: set[int] = set()
        self.owners: set[int] = set()

    def full(self) -> bool:
        return len(self.hits) >= self.limit

    def add_parcels(self, rows: QuerySet) -> None:
        for p in rows.values("pk", "tax_map_number", "street_number", "street_name")[: self.limit]:
            if p["pk"] in self.parcels:
                continue
            self.parcels.add(p["pk"])
            address = f"{p['street_number']} {p['street_name']}".strip()
            self.hits.append(SearchHit("parcel", p["tax_map_number"], address, p["pk"], _parcel_url(p["pk"])))

    def add_parcel_ids(self, ids: list[int]) -> None:
        new = [pk for pk in ids if pk not in self.parcels]
        if new:
            self.add_parcels(Parcel.objects.filter(pk__in=new).order_by("tax_map_sort"))

    def add_owners(self, owners: list[dict[str, Any]]) -> None:
        """Each owner (pk, name) not yet found, with the first of their current parcels (none: not shown)."""
        owners = [o for o in owners if o["pk"] not in self.owners]
        self.owners.update(o["pk"] for o in owners)
        current = (
            Ownership.objects.filter(owner_id__in=[o["pk"] for o in owners], end__isnull=True)
            .order_by("owner_id", "parcel__tax_map_sort", "parcel__tax_map_number")
            .values("owner_id", "parcel_id", "parcel__tax_map_number", "parcel__street_number", "parcel__street_name")
        )
        first: dict[int, Any] = {}
        for row in current:
            first.setdefault(row["owner_id"], row)
        for o in owners:
            p = first.get(o["pk"])
            if p:
                where = f"{p['parcel__tax_map_number']} {p['parcel__street_number']} {p['parcel__street_name']}"
                self.hits.append(
                    SearchHit(
                        "owner", o["name"], f"owner of {where}".strip(), p["parcel_id"], _parcel_url(p["parcel_id"])
                    )
                )


def search(query: str, *, limit: int = 20) -> list[SearchHit]:
    """Registry records whose tax map number, address, street, owner, account or meter is, starts with or
    (three characters or more) contains ``query``: exact first, then prefix, then substring."""
    q = normalise_search(query)
    if not q:
        return []
    found = _Found(limit)
    addresses = address_forms(query)
    if any(ch.isdigit() for ch in q):  # a tax map number has digits; a name or street has none
        for form in tax_map_forms(query):  # "103.11 5 11" is 103.11-5-11
            found.add_parcels(_prefix(Parcel.objects, "tax_map_number", form))
    if q[0].isdigit():  # an address starts with its number; without one it is its street (below)
        for form in addresses:  # "68 main street" and "68 main st": the roll may spell it either way
            found.add_parcels(_prefix(Parcel.objects, "address_search", form))
    names = name_forms(query)
    if not q[0].isdigit():
        for form in addresses:
            found.add_parcels(_prefix(Parcel.objects, "street_search", form))
        owners: list[dict[str, Any]] = []
        for form in names:  # "Robert Evans" and "Evans, Robert": the roll writes EVANS ROBERT
            owners += _prefix(Owner.objects, "name_search", form).values("pk", "name")[:limit]
        found.add_owners(list({o["pk"]: o for o in owners}.values()))
    for a in _prefix(SewerAccount.objects, "account_number", query.strip().upper()).values(
        "account_number", "parcel_id", "parcel__tax_map_number"
    )[:limit]:
        url = _parcel_url(a["parcel_id"])
        found.hits.append(
            SearchHit("account", a["account_number"], f"account on {a['parcel__tax_map_number']}", a["parcel_id"], url)
        )
    for m in _prefix(WaterMeter.objects, "serial", query.strip().upper()).values(
        "serial", "account__parcel_id", "account__account_number"
    )[:limit]:
        url = _parcel_url(m["account__parcel_id"])
        found.hits.append(
            SearchHit(
                "meter", m["serial"], f"meter on account {m['account__account_number']}", m["account__parcel_id"], url
            )
        )
    _substrings(found, query, q, addresses, names)
    return ranked(found.hits, query)[:limit]


def _substrings(found: _Found, query: str, q: str, addresses: list[str], names: list[str]) -> None:
    """The substring path: owners and addresses containing the text, tax map numbers without separators.
    Skipped once the prefix path has found ``limit`` hits: what it would add ranks after them and is cut."""
    index = backend()
    compact = tax_map_compact_form(query)
    if compact and not found.full():
        found.add_parcel_ids(index.parcels_with_compact_tax_map(compact, found.limit))
    if len(q) < MIN_SUBSTRING:
        return  # a trigram index cannot look up one or two characters: the prefix path answered
    if not found.full():
        found.add_parcel_ids(index.parcels_containing([f for f in addresses if len(f) >= MIN_SUBSTRING], found.limit))
    if not q[0].isdigit() and not found.full():
        # twice the page: some owners found own nothing now (sold, or a contact) and are not shown
        ids = index.owners_containing([f for f in names if len(f) >= MIN_SUBSTRING], 2 * found.limit)
        ids = [pk for pk in ids if pk not in found.owners]
        if ids:
            rows = Owner.objects.filter(pk__in=ids).order_by("name_search").values("pk", "name")
            found.add_owners([dict(row) for row in rows])


def ranked(hits: list[SearchHit], query: str) -> list[SearchHit]:
    """Exact matches first (the hit's label or address is what was typed, in any of its spellings), then
    those that start with it, then those that contain it; in the order found within each."""
    wanted = {normalise_search(query), *address_forms(query), *name_forms(query)}
    wanted |= {normalise_search(form) for form in tax_map_forms(query)}
    compact = tax_map_compact_form(query)

    def rank(hit: SearchHit) -> int:
        texts = [normalise_search(hit.label), normalise_search(hit.detail)]
        if any(text in wanted for text in texts):
            return EXACT
        if hit.kind == "parcel" and compact and tax_map_compact(hit.label).startswith(compact):
            return PREFIX
        if any(text.startswith(form) for text in texts for form in wanted):
            return PREFIX
        return CONTAINS

    return sorted(hits, key=rank)
