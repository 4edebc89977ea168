"""One search box for the registry: tax map number, address, owner, account number, meter serial.

Each kind is a prefix search on an indexed column in its search form (lower case, single spaces),
written as a range (``>= prefix`` and ``< prefix+1``) so that a plain B-tree index answers it on SQLite
and PostgreSQL alike, in well under 100 ms on a million parcels (``make bench``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse

from sewerworks.registry.filters import prefix_range
from sewerworks.registry.models import Owner, Ownership, Parcel, SewerAccount, WaterMeter
from sewerworks.registry.models.parcels import normalise_search
from sewerworks.registry.search_forms import address_forms, name_forms, tax_map_forms


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


def search(query: str, *, limit: int = 20) -> list[SearchHit]:
    """Registry records whose tax map number, address, street, owner, account or meter starts with ``query``."""
    q = normalise_search(query)
    if not q:
        return []
    hits: list[SearchHit] = []
    seen_parcels: set[int] = set()

    def add_parcels(rows: QuerySet) -> None:
        for p in rows.values("pk", "tax_map_number", "street_number", "street_name")[:limit]:
            if p["pk"] in seen_parcels:
                continue
            seen_parcels.add(p["pk"])
            address = f"{p['street_number']} {p['street_name']}".strip()
            hits.append(SearchHit("parcel", p["tax_map_number"], address, p["pk"], _parcel_url(p["pk"])))

    for form in tax_map_forms(query):  # "103.11 5 11" is 103.11-5-11
        add_parcels(_prefix(Parcel.objects, "tax_map_number", form))
    forms = address_forms(query)
    for form in forms:  # "68 main street" and "68 main st": the roll may spell it either way
        add_parcels(_prefix(Parcel.objects, "address_search", form))
    if not q[0].isdigit():
        for form in forms:
            add_parcels(_prefix(Parcel.objects, "street_search", form))
        owners: list[dict[str, Any]] = []
        for form in name_forms(query):  # "Robert Evans" and "Evans, Robert": the roll writes EVANS ROBERT
            found = _prefix(Owner.objects, "name_search", form).values("pk", "name")[:limit]
            owners += [o for o in found if all(o["pk"] != seen["pk"] for seen in owners)]
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
                hits.append(SearchHit("owner", o["name"], f"owner of {where}".strip(), p["parcel_id"],
                                      _parcel_url(p["parcel_id"])))
    for a in _prefix(SewerAccount.objects, "account_number", query.strip().upper()).values(
        "account_number", "parcel_id", "parcel__tax_map_number"
    )[:limit]:
        hits.append(
            SearchHit(
                "account",
                a["account_number"],
                f"account on {a['parcel__tax_map_number']}",
                a["parcel_id"],
                _parcel_url(a["parcel_id"]),
            )
        )
    for m in _prefix(WaterMeter.objects, "serial", query.strip().upper()).values(
        "serial", "account__parcel_id", "account__account_number"
    )[:limit]:
        hits.append(
            SearchHit(
                "meter",
                m["serial"],
                f"meter on account {m['account__account_number']}",
                m["account__parcel_id"],
                _parcel_url(m["account__parcel_id"]),
            )
        )
    return exact_first(hits, query)[:limit]


def exact_first(hits: list[SearchHit], query: str) -> list[SearchHit]:
    """The hits whose label or address is exactly what was typed (in any of its spellings) first, the rest
    in the order found (stable)."""
    wanted = {normalise_search(query), *address_forms(query), *name_forms(query)}

    def exact(hit: SearchHit) -> bool:
        return normalise_search(hit.label) in wanted or normalise_search(hit.detail) in wanted

    return sorted(hits, key=lambda hit: not exact(hit))
