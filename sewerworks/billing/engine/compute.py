"""One account's bill, computed in Python with the ordinance's own functions (the ``user-charge`` and
``defective-meter-charge`` topics' arithmetic), from data gathered in bulk.

The bill keeps the facts of its topic, so the bill page (and the reference test) recompute the same
Decision through the topic; the totals agree to the cent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sewerworks.billing.choices import Basis, Flag
from sewerworks.billing.engine.gather import AccountData
from sewerworks.billing.engine.usage import Held, MeterUse, meter_use
from sewerworks.billing.models import BillingPeriod
from sewerworks.core.money import to_cents
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.rulebook import num
from sewerworks.ordinance.s118_52_charges import ChargeParameters, charge_parameters, rate_user_charge
from sewerworks.ordinance.s118_52_defective_meter import DefectiveMeterFacts, defective_meter_charge
from sewerworks.ordinance.s118_52_meter_rollover import RolloverRule
from sewerworks.registry.choices import MeterPurpose

Line = tuple[str, str, str, Decimal | None, Decimal | None, int, str, str]  # kind .. amount cents, section, ids


@dataclass
class BillRow:
    account_id: int
    parcel_id: int
    basis: str
    topic: str
    facts: dict[str, Any]
    total_cents: int = 0
    gallons: Decimal | None = None
    flags: list[str] = field(default_factory=list)
    note: str = ""
    lines: list[Line] = field(default_factory=list)


@dataclass(frozen=True)
class PeriodRates:
    """What a period reads from the parameters once (the values in force on its last day, I-43)."""

    view: ParameterView
    charge: ChargeParameters
    estimates: dict[str, Decimal]
    rollover: RolloverRule
    gallons_per_ft3: Decimal

    @classmethod
    def on_last_day(cls, view: ParameterView) -> PeriodRates:
        return cls(
            view=view,
            charge=charge_parameters(view, strength=True),
            estimates={k: Decimal(v) for k, v in view.table("charges.class_estimates").items()},
            rollover=RolloverRule.of(view),
            gallons_per_ft3=view.number("charges.gallons_per_cubic_foot"),
        )


def _rated(row: BillRow, gallons: Decimal, rates: PeriodRates, wash: Decimal, strength: Any) -> BillRow:
    charge = rate_user_charge(gallons, rates.charge, strength=strength, wash_gallons=wash)
    rate = rates.charge.rate_per_gallon
    for item in charge.line_items:
        per = rate if item.code in ("first-gallons", "gallons-beyond") else None
        ids = ", ".join(item.interpretations)
        row.lines.append(
            (item.code, item.description, item.working, item.gallons, per, to_cents(item.amount), item.section, ids)
        )
    row.gallons = charge.gallons_billed
    row.total_cents = to_cents(charge.total)
    if charge.surcharge:
        row.flags.append(Flag.SURCHARGE)
    return row


def _base(a: AccountData, period: BillingPeriod, basis: str, topic: str = "user-charge") -> BillRow:
    facts: dict[str, Any] = {"period_start": period.start.isoformat(), "period_end": period.end.isoformat()}
    facts["user_class"] = a.user_class
    row = BillRow(a.id, a.parcel_id, basis, topic, facts)
    if a.contract_user:
        row.flags.append(Flag.CONTRACT)
    return row


def _estimate(a: AccountData, period: BillingPeriod, rates: PeriodRates) -> BillRow:
    """Unmetered, or outside the Water District with no meter read: the class estimate (I-27)."""
    row = _base(a, period, Basis.ESTIMATE)
    row.facts["unmetered"] = True
    row.flags.append(Flag.ESTIMATE)
    return _rated(row, rates.estimates[a.user_class], rates, Decimal(0), None)


def _defective(a: AccountData, period: BillingPeriod, rates: PeriodRates) -> BillRow:
    """The average of the last two bills while the meter worked (I-26), through the topic's own rule."""
    row = _base(a, period, Basis.DEFECTIVE, "defective-meter-charge")
    row.flags.append(Flag.DEFECTIVE)
    billings = [{"period_end": end.isoformat(), "charge": format(total, "f")} for end, total in a.good_bills]
    row.facts["previous_billings"] = billings
    decision = defective_meter_charge(DefectiveMeterFacts.model_validate(row.facts), rates.view, period.end)
    amount = decision.amounts[0]
    row.total_cents = to_cents(amount.value)
    if decision.outcome == "estimate":
        row.flags.append(Flag.ESTIMATE)
        for r in amount.breakdown:
            gallons = Decimal(r["gallons"]) if "gallons" in r else None
            row.lines.append(
                (
                    r["item"],
                    r["description"],
                    r["working"],
                    gallons,
                    None,
                    to_cents(Decimal(r["amount"])),
                    r["section"],
                    r["interpretations"],
                )
            )
        return row
    ids = ", ".join(decision.findings[0].interpretations)
    # the words name the bills the topic averaged (its breakdown), as the working does: one source for both
    averaged = [r for r in amount.breakdown if r["item"] == "working billing"]
    shown = f"${averaged[0]['charge']} for the period ending {averaged[0]['period_end']} and " \
        f"${averaged[1]['charge']} for {averaged[1]['period_end']}"
    working = next(r["working"] for r in amount.breakdown if r["item"] == "average")
    if amount.breakdown[-1]["item"] == "minimum charge":
        working += f", less than the minimum: ${amount.value}"
    description = f"Meter defective: average of the last two bills while it worked ({shown})"
    row.lines.append(("defective-meter-average", description, working, None, None, row.total_cents, "118-52", ids))
    return row


def _from_reads(a: AccountData, period: BillingPeriod, rates: PeriodRates) -> BillRow:
    row = _base(a, period, Basis.READS)
    uses: list[tuple[str, MeterUse, Any]] = []
    try:
        for m in a.meters:
            uses.append((m.purpose, meter_use(m, period, rates.rollover, rates.gallons_per_ft3), m))
    except Held as why:
        return _held(row, str(why))
    total = sum((u.gallons for _, u, _m in uses), Decimal(0))
    wash = sum((u.gallons for p, u, _m in uses if p == MeterPurpose.VEHICLE_WASH), Decimal(0))
    if any(u.rolled_over for _, u, _m in uses):
        row.flags.append(Flag.ROLLOVER)
    if wash:
        row.flags.append(Flag.WASH)
    if wash > total:
        return _held(row, "The vehicle-wash meter measured more than all the meters together (§118-6, I-44).")
    sewer = [(u, m) for p, u, m in uses if p != MeterPurpose.VEHICLE_WASH]
    if len(uses) == 1 and len(sewer) == 1:
        use, m = sewer[0]
        row.facts["reads"] = {"start": use.start, "end": use.end, "unit": m.unit, "dials": m.dials}
    else:
        row.facts["gallons"] = num(total)
        if wash:
            row.facts["wash_gallons"] = num(wash)
    if a.strength:
        row.facts["strength"] = {k: num(v) for k, v in a.strength.items()}
    _rated(row, total, rates, wash, a.strength)
    if row.gallons == 0:
        row.flags.append(Flag.ZERO_USE)
    return row


def _held(row: BillRow, why: str) -> BillRow:
    row.basis = Basis.HELD
    row.flags.insert(0, Flag.HELD)
    row.note = why[:300]
    row.facts = {}
    return row


def compute_bill(a: AccountData, period: BillingPeriod, rates: PeriodRates) -> BillRow:
    """The account's bill for the period: defective meter (I-26), reads, or the class estimate (I-27).

    I-62: a meter is defective for a period when it was recorded defective on or before the period's last
    day and was not removed before the period began; "its last two semiannual billings [...] during which
    the meter was operating properly" are the account's two latest posted bills billed on reads (not on an
    estimate nor on an earlier average), of periods ending before this one began. An account with a meter
    read is billed on its reads even outside the Water District; without one, unmetered or outside the
    District, on the class estimate (I-27); metered in the District with no sewer-use meter, it is held."""
    sewer_meters = [m for m in a.meters if m.purpose != MeterPurpose.VEHICLE_WASH]
    if any(m.defective_since and m.defective_since <= period.end for m in sewer_meters):
        return _defective(a, period, rates)
    if sewer_meters:
        return _from_reads(a, period, rates)
    if not a.metered or not a.in_water_district:
        return _estimate(a, period, rates)
    return _held(_base(a, period, Basis.HELD), f"Account {a.number} is metered but has no sewer-use meter (§118-52).")
