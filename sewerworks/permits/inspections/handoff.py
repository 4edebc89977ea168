"""What a passed (or failed) inspection of a permit starts, inside the result's transaction.

- A trench filled before inspection (§118-26): the order to re-excavate, addressed to the plumber who gave the
  notice, and its deadline ``permits.reexcavate_days`` from the inspection (I-131); met when the trench is
  inspected open again.
- A passed connection (§118-25): the building, if the permit named none, created on the permit's parcel (I-132);
  the connection recorded by enforcement's one action (``do_record_connection``: the CONNECT deadline met, the
  duties it implies opened: §118-5 abandonment, §118-38 interceptor, §118-52 meter); the §118-54 charge (one call
  site: :func:`connection_charge`); the §118-27 restoration deadline when public property was disturbed.
- A failed drains item (§118-28): a violation opened on the property.
- A passed lateral (§118-24): the rock and curb cut fees, a charge of their own (I-133).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError

from sewerworks.billing.property.tap import tap_note
from sewerworks.core.charges import add_pending_charge
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions import do_open_deadline, do_open_violation
from sewerworks.enforcement.actions.common import decide
from sewerworks.enforcement.actions.connection import do_record_connection
from sewerworks.enforcement.actions.deadlines import meet_all
from sewerworks.enforcement.actions.notices import do_issue_notice
from sewerworks.enforcement.choices import DeadlineKind, Discovery, NoticeKind, Program
from sewerworks.enforcement.models import Deadline
from sewerworks.inspections.models import Inspection
from sewerworks.ordinance.decision import Decision
from sewerworks.permits.inspections.facts import open_deadlines
from sewerworks.permits.models import Permit
from sewerworks.registry.actions import portable_errors
from sewerworks.registry.choices import BuildingUse
from sewerworks.registry.models import Building, Connection


def order_reexcavation(permit: Permit, inspection: Inspection, decided: tuple[Decision, Any], acting_user: Any) -> str:
    """§118-26: the plumber to whom the permit is issued re-excavates the filled trench (I-131)."""
    decision, stored = decided
    due = decision.deadline_for("reexcavate")
    if open_deadlines(permit, DeadlineKind.REEXCAVATE).exists():
        return f"The trench was found filled again; the order to re-excavate by {due.due} still stands."
    days = int(decision.finding("trench-open").compared.get("days") or 0)
    notice = do_issue_notice(
        kind=NoticeKind.REEXCAVATION_ORDER,
        parcel=permit.parcel,
        acting_user=acting_user,
        facts=f"At the inspection of {inspection.inspected_on} the trench of {permit.number} was found filled before "
        "it was inspected.",
        correction_days=days,
        issued_on=inspection.inspected_on,
        section="118-26",
        addressee_name=inspection.requested_by,
        addressee_block=inspection.requester_address,
        authorized_by="inspections.pass_trench",
    )
    do_open_deadline(
        program=Program.PERMITS,
        kind=DeadlineKind.REEXCAVATE,
        subject=permit,
        parcel=permit.parcel,
        decision=stored,
        section="118-26",
        title=f"Re-excavate the trench of {permit.number}",
        due_on=due.due,
        notice=notice,
        acting_user=acting_user,
        why=f"Trench found filled ({notice.number})",
    )
    return (
        f"Trench found filled: order {notice.number} to {inspection.requested_by} to re-excavate by {due.due} (I-131)."
    )


def trench_reopened(permit: Permit, on: dt.date, acting_user: Any) -> str:
    met = meet_all(
        open_deadlines(permit, DeadlineKind.REEXCAVATE),
        met_on=on,
        acting_user=acting_user,
        why="The trench was re-excavated and inspected",
    )
    return "The order to re-excavate is met." if met else ""


def new_building(permit: Permit, extra: Mapping[str, Any], on: dt.date, acting_user: Any) -> Building:
    """I-132: a permit naming no building connects the one the result names, created on the permit's parcel."""
    name = check_text("building_name", str(extra.get("building_name") or ""), max_length=120).strip()
    use = str(extra.get("building_use") or "")
    if not name or use not in BuildingUse.values:
        raise ValidationError(
            {
                "building_name": f"{permit.number} names no building: give the new building's name and "
                "use, and it is created on the permit's parcel (I-132)."
            }
        )
    building = Building(parcel=permit.parcel, name=name, use=use, established_on=on)
    errors = portable_errors(building)
    if errors:
        raise ValidationError(errors)
    building.full_clean()
    building._history_user = acting_user  # type: ignore[attr-defined]
    building._change_reason = f"Connected under {permit.number} (I-132)"  # type: ignore[attr-defined]
    building.save()
    permit.building = building
    permit._history_user = acting_user  # type: ignore[attr-defined]
    permit._change_reason = "The building connected (I-132)"  # type: ignore[attr-defined]
    permit.save(update_fields=["building"])
    return building


def connection_charge(permit: Permit, building: Building) -> str:
    """§118-54: "A charge in an amount as set by resolution of the Town Board will be levied against all property
    owners who tap in on the collection main", by the building sewer's diameter (I-42). Billing bills it in the
    connection's transaction, whatever path recorded it (``billing.property.tap``); this says what it billed."""
    connection = Connection.objects.filter(building=building).first()
    return tap_note(connection) if connection is not None else ""


def record_connection(permit: Permit, inspection: Inspection, acting_user: Any, extra: Mapping[str, Any]) -> str:
    """The connection the inspection passed, through enforcement's one action (no second path)."""
    on = inspection.inspected_on
    assert on is not None
    created = permit.building is None
    building = permit.building or new_building(permit, extra, on, acting_user)
    diameter = (permit.design.get("building-sewer") or {}).get("diameter_in")
    whole = int(Decimal(str(diameter))) if diameter is not None and Decimal(str(diameter)) % 1 == 0 else None
    before = set(Deadline.objects.filter(parcel=permit.parcel).values_list("pk", flat=True))
    do_record_connection(building=building, connected_on=on, acting_user=acting_user, building_sewer_diameter_in=whole)
    opened = Deadline.objects.filter(parcel=permit.parcel).exclude(pk__in=before).order_by("due_on", "id")
    made = f"{building} created on the parcel (I-132) and connected" if created else f"{building} connected"
    duties = "; ".join(f"{d.title} by {d.due_on} (§{d.section})" for d in opened)
    return f"{made} on {on} (§118-25)." + (f" Opened: {duties}." if duties else "")


def restoration(permit: Permit, inspection: Inspection, facts: dict[str, Any], acting_user: Any) -> str:
    """§118-27: the public property the work disturbed is restored within ``permits.restoration_days`` (I-131)."""
    if not any(i["key"] == "restoration" for i in inspection.checklist):
        return ""
    on = inspection.inspected_on
    assert on is not None
    decision, stored = decide(
        "inspection-checklist", {**facts, "on": on.isoformat()}, as_of=on, subject=permit, acting_user=acting_user
    )
    due = decision.deadline_for("restore")
    do_open_deadline(
        program=Program.PERMITS,
        kind=DeadlineKind.RESTORE,
        subject=permit,
        parcel=permit.parcel,
        decision=stored,
        section="118-27",
        title=f"Restore the public property {permit.number} disturbed",
        due_on=due.due,
        acting_user=acting_user,
        why="The work ended: restoration follows (§118-27)",
    )
    return f"Restore the public property disturbed by {due.due} (§118-27, I-131); the permit closes when it is."


def drains_violation(permit: Permit, inspection: Inspection, acting_user: Any) -> str:
    """§118-28: a roof, sump, cellar or footing drain found on the sanitary sewer is a violation."""
    found = [
        i for i in inspection.checklist if i["key"].endswith("-drains-off") and inspection.answer(i["key"]) == "no"
    ]
    if not found:
        return ""
    on = inspection.inspected_on
    assert on is not None
    what = ", ".join(i["key"].removesuffix("-drains-off") for i in found)
    violation = do_open_violation(
        parcel=permit.parcel,
        section="118-28",
        program=Program.PERMITS,
        discovered_on=on,
        how_discovered=Discovery.INSPECTION,
        acting_user=acting_user,
        description=f"At the connection inspection of {permit.number} ({on}): {what} drains connected to the sanitary "
        "sewer; stormwater and unpolluted drainage go to a storm sewer or a natural outlet (§118-28).",
    )
    return f"Violation {violation.pk} of §118-28 opened: {what} drains on the sanitary sewer."


def cut_fees(permit: Permit, inspection: Inspection, acting_user: Any) -> str:
    """§118-24 (I-133): the rock and curb cut fees the design requires, in force on the day the lateral's
    inspection passed, posted as a charge of their own."""
    on = inspection.inspected_on
    assert on is not None
    lateral = permit.design.get("lateral-connection") or {}
    decision, _stored = decide("lateral-connection", lateral, as_of=on, subject=permit, acting_user=acting_user)
    fees = decision.amount_for("cut_fees")
    if fees.value <= 0:
        return "No rock or curb cut: no fee (§118-24)."
    items = " and ".join(b["item"] for b in fees.breakdown)
    add_pending_charge(
        source_key=f"permits.lateral_cut_fee:{permit.pk}",
        parcel=permit.parcel,
        amount=fees.value,
        section="118-24",
        description=f"{items.capitalize()}, {permit.number} (§118-24)",
        program="permits",
        kind="lateral_cut_fee",
        incurred_on=on,
        acting_user=acting_user,
    )
    return f"{items.capitalize()}: ${fees.value:,.2f} charged, a bill of its own (§118-24, I-133)."
