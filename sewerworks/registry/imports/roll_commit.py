"""Writing the roll into the registry: what changes (the plan), then the writes, in bulk.

For each valid row: the parcel is added or its address, Sewer Improvement Area and land-use class
brought up to date; its assessed value for the roll year is added or corrected (§118-52, I-28: the
base of the capital cost amortization charge); and its owner is linked. When the roll names an owner
other than the current one, the current ownership ends the day before the import date and a new one
starts on it. An ownership that itself started on or after the import date is corrected in place (a
second import on the same day fixes the first instead of leaving an ownership that ends before it
begins). Re-importing the same roll changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from simple_history.utils import bulk_update_with_history

from sewerworks.core.imports.common import chunks
from sewerworks.core.records.bulk import announce_written
from sewerworks.registry.imports.roll import RollRow
from sewerworks.registry.models import AssessedValue, Owner, Ownership, Parcel
from sewerworks.registry.models.parcels import normalise_search

PARCEL_FIELDS = ["street_number", "street_name", "address_search", "street_search", "improvement_area",
                 "land_use_class"]
OWNER_FIELDS = ["mailing_address", "city", "state", "postal_code"]
OwnerKey = tuple[str, str]


def owner_key(name: str, mailing_address: str) -> OwnerKey:
    """Two rows name the same owner when name and mailing address agree (ignoring case and punctuation)."""
    return normalise_search(name), normalise_search(mailing_address)


@dataclass
class RollPlan:
    """The changes an import would make; built without writing, so a preview shows the same counts."""

    as_of: date
    new_parcels: list[Parcel] = field(default_factory=list)
    changed_parcels: list[Parcel] = field(default_factory=list)
    new_values: list[tuple[Parcel, int, Decimal, Decimal | None]] = field(default_factory=list)
    changed_values: list[AssessedValue] = field(default_factory=list)
    new_owners: dict[OwnerKey, Owner] = field(default_factory=dict)
    changed_owners: dict[int, Owner] = field(default_factory=dict)
    ended_ownerships: list[Ownership] = field(default_factory=list)
    corrected_ownerships: list[Ownership] = field(default_factory=list)
    new_ownerships: list[tuple[Parcel, Owner]] = field(default_factory=list)
    new: int = 0
    updated: int = 0
    unchanged: int = 0
    outcome: dict[int, str] = field(default_factory=dict)  # row number -> "new", "updated" or "unchanged"


def _in_chunks(model: Any, lookup: str, values: list[Any], **extra: Any) -> list[Any]:
    out: list[Any] = []
    for part in chunks(values):
        out.extend(model.objects.filter(**{lookup: part}, **extra))
    return out


def _sync_parcel(parcel: Parcel, row: RollRow) -> bool:
    wanted = {"street_number": row.street_number, "street_name": row.street_name,
              "improvement_area_id": row.area_id, "land_use_class": row.land_use_class}
    changed = False
    for attr, value in wanted.items():
        if getattr(parcel, attr) != value:
            setattr(parcel, attr, value)
            changed = True
    if changed:
        parcel.refresh_derived()
    return changed


def _sync_owner(owner: Owner, row: RollRow) -> bool:
    wanted = {"mailing_address": row.owner_mailing_address, "city": row.owner_city,
              "state": row.owner_state, "postal_code": row.owner_postal_code}
    changed = False
    for attr, value in wanted.items():
        if getattr(owner, attr) != value:
            setattr(owner, attr, value)
            changed = True
    return changed


def plan_roll(rows: list[RollRow], as_of: date) -> RollPlan:
    """Compare the valid rows with the registry and list what would be written."""
    plan = RollPlan(as_of=as_of)
    parcels = {p.tax_map_number: p for p in _in_chunks(Parcel, "tax_map_number__in", [r.tax_map_number for r in rows])}
    ids = [p.pk for p in parcels.values()]
    values = {(v.parcel_id, v.roll_year): v for v in _in_chunks(AssessedValue, "parcel_id__in", ids)}
    current: dict[int, list[Ownership]] = {}
    for link in _in_chunks(Ownership, "parcel_id__in", ids, end__isnull=True):
        current.setdefault(link.parcel_id, []).append(link)
    owner_ids = list({link.owner_id for links in current.values() for link in links})
    names = list({normalise_search(r.owner_name) for r in rows})
    owners: dict[int, Owner] = {o.pk: o for o in _in_chunks(Owner, "pk__in", owner_ids)}
    known: dict[OwnerKey, Owner] = {}
    for o in sorted(_in_chunks(Owner, "name_search__in", names), key=lambda o: o.pk):
        owners.setdefault(o.pk, o)
    for o in sorted(owners.values(), key=lambda o: o.pk):
        known.setdefault(owner_key(o.name, o.mailing_address), o)

    for row in rows:
        parcel = parcels.get(row.tax_map_number)
        is_new = parcel is None
        changed = False
        if parcel is None:
            parcel = Parcel(tax_map_number=row.tax_map_number)
            _sync_parcel(parcel, row)
            parcel.refresh_derived()
            plan.new_parcels.append(parcel)
        elif _sync_parcel(parcel, row):
            plan.changed_parcels.append(parcel)
            changed = True
        changed |= _plan_value(plan, values, parcel, row)
        links = [] if is_new else current.get(parcel.pk, [])
        changed |= _plan_owner(plan, owners, known, parcel, links, row)
        outcome = "new" if is_new else "updated" if changed else "unchanged"
        setattr(plan, outcome, getattr(plan, outcome) + 1)
        plan.outcome[row.row] = outcome
    return plan


def _plan_value(plan: RollPlan, values: dict[tuple[int, int], AssessedValue], parcel: Parcel, row: RollRow) -> bool:
    existing = values.get((parcel.pk, row.roll_year)) if parcel.pk else None
    if existing is None:
        plan.new_values.append((parcel, row.roll_year, row.assessed_value, row.taxable_value))
        return True
    if existing.value != row.assessed_value or existing.taxable_value != row.taxable_value:
        existing.value, existing.taxable_value = row.assessed_value, row.taxable_value
        plan.changed_values.append(existing)
        return True
    return False


def _plan_owner(plan: RollPlan, owners: dict[int, Owner], known: dict[OwnerKey, Owner], parcel: Parcel,
                links: list[Ownership], row: RollRow) -> bool:
    name = normalise_search(row.owner_name)
    for link in links:
        owner = owners[link.owner_id]
        if owner.name_search == name:  # the same owner: keep the ownership, bring the address up to date
            if _sync_owner(owner, row):
                plan.changed_owners[owner.pk] = owner
                return True
            return False
    key = owner_key(row.owner_name, row.owner_mailing_address)
    found = known.get(key) or plan.new_owners.get(key)
    if found is None:
        owner = Owner(name=row.owner_name, name_search=name)
        _sync_owner(owner, row)
        plan.new_owners[key] = owner
    else:
        owner = found
        if owner.pk and _sync_owner(owner, row):
            plan.changed_owners[owner.pk] = owner
    corrected = False
    for link in links:
        if link.start is not None and link.start >= plan.as_of and not corrected:
            link.owner = owner
            plan.corrected_ownerships.append(link)
            corrected = True
        else:
            link.end = plan.as_of - timedelta(days=1)
            if link.start is not None and link.end < link.start:  # a second ownership begun on or after as_of
                link.end = link.start
            plan.ended_ownerships.append(link)
    if not corrected:
        plan.new_ownerships.append((parcel, owner))
    return True


def apply_roll(plan: RollPlan, writer: Any, *, acting_user: Any, reason: str) -> None:
    """Write the plan with field-by-field history: new rows staged in chunks by ``writer`` (hidden until
    it publishes), changes to existing rows in the publishing transaction."""
    history = {"acting_user": acting_user, "reason": reason}
    writer.create(Parcel, plan.new_parcels, **history)
    writer.create(Owner, list(plan.new_owners.values()), **history)
    values = [AssessedValue(parcel_id=p.pk, roll_year=year, value=value, taxable_value=taxable)
              for p, year, value, taxable in plan.new_values]  # fmt: skip
    writer.create(AssessedValue, values, **history)
    links = [Ownership(parcel_id=p.pk, owner_id=o.pk, start=plan.as_of) for p, o in plan.new_ownerships]
    writer.create(Ownership, links, **history)

    def publish() -> None:
        updates = {"batch_size": 500, "default_user": acting_user, "default_change_reason": reason}
        if plan.changed_parcels:
            bulk_update_with_history(plan.changed_parcels, Parcel, PARCEL_FIELDS, **updates)
        if plan.changed_owners:
            bulk_update_with_history(list(plan.changed_owners.values()), Owner, OWNER_FIELDS, **updates)
        if plan.changed_values:
            bulk_update_with_history(plan.changed_values, AssessedValue, ["value", "taxable_value"], **updates)
        if plan.ended_ownerships:
            bulk_update_with_history(plan.ended_ownerships, Ownership, ["end"], **updates)
        if plan.corrected_ownerships:
            bulk_update_with_history(plan.corrected_ownerships, Ownership, ["owner"], **updates)
        changed = [o.pk for o in [*links, *plan.corrected_ownerships] if o.pk is not None]
        if changed:  # a new owner of a parcel that had one: the public side ends its owners' links (I-161)
            announce_written(Ownership, changed)

    writer.on_publish(publish)
