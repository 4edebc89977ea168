"""§ 118-52 Levy of user charges: the topic ``user-charge`` (I-24, I-03, I-27, I-43, I-44, I-48).

    Sewer user charges shall be levied on the basis of the amount of water from a Sewer Improvement
    Area used by each sewer user at such per-gallon rates as the Town Board may from time to time
    establish, but in no way shall there be less than a minimum charge of $10 for the first 5,000
    gallons or less per semiannual billing period. [...] If the property has its own water supply or is
    served by an unmetered independent water company, the owner shall install a water meter at his
    expense. Commercial or nonresident users must install a water meter at their own expense. [...]
    In the event that an entity becomes a user of the public sewer system but is not part of the
    Marlborough Water District or does not use Marlborough Water District services, the sewer usage
    charge shall be estimated in accordance with typical usage charges for similar entities as
    established by the Superintendent of Sewers [...].

The water used comes from the facts (gallons), from two reads of the register (a lower second read is a
rollover only when plausible, I-48; cubic feet convert at 7.48052 gal/ft³, I-24), or, for an unmetered
user, from the class estimate (I-27). The period is rated with the values in force on its last day, with
no proration (I-43): a rate of $0.0035 from 2026-07-01 charges 8,000 gallons $17.50 + $10.50 = $28.00 for
a period ending on or after that day, and $24.00 at $0.003 for one ending before. The arithmetic and its
one rounding step are in :mod:`sewerworks.ordinance.s118_52_charges`.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sewerworks.ordinance.deadlines import due_after
from sewerworks.ordinance.decision import Amount, Compared, Deadline, Decision, Finding, Severity
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_5_connection import spoken
from sewerworks.ordinance.s118_52_charges import (
    CONSTITUENTS,
    SECTION,
    ChargeParameters,
    UserCharge,
    charge_parameters,
    excess_pounds,
    gallons_text,
    money,
    quantity,
    rate_user_charge,
)
from sewerworks.ordinance.s118_52_meter_rollover import RolloverRule, units_used
from sewerworks.ordinance.s118_52_user_charge_examples import EXAMPLES
from sewerworks.ordinance.s118_52_user_charge_facts import MeterReads, UserChargeFacts

TOPIC_NAME = "user-charge"


def _finding(
    requirement: str,
    sentence: str,
    ids: list[str],
    *,
    ok: bool = True,
    section: str = SECTION,
    compared: Compared | None = None,
) -> Finding:
    severity: Severity = "complies" if ok else "fails"
    return Finding(
        section=section,
        requirement=requirement,
        severity=severity,
        sentence=sentence,
        compared=compared or {},
        interpretations=ids,
    )


def water_used_from_reads(reads: MeterReads, view: ParameterView) -> tuple[Decimal | None, Finding]:
    """Register units used, a rollover only when plausible (I-48), cubic feet converted (I-24)."""
    used = reads.end - reads.start
    ids = ["I-24"]
    note = ""
    if used < 0:
        span = 10**reads.dials
        rule = RolloverRule.of(view)
        rolled = units_used(reads.start, reads.end, reads.dials, rule, reads.unit)
        used += span
        ids += ["I-48", "I-181"]
        if rolled is None:
            sentence = (
                f"The end read {reads.end:,} is lower than the start read {reads.start:,}; as a rollover of the "
                f"{reads.dials}-dial register it would mean {used:,} {reads.unit}, "
                f"{rule.words(reads.dials, reads.unit)}. The period is held for a person to check the reads."
            )
            return None, _finding("water-used", sentence, ids, ok=False, compared={"register_units_used": used})
        note = f" (the register rolled over at {span:,})"
    gallons = Decimal(used)
    converted = ""
    if reads.unit == "ft3":
        factor = view.number("charges.gallons_per_cubic_foot")
        gallons = used * factor
        converted = f" = {quantity(Decimal(used))} ft³ × {num(factor)} gal/ft³"
    sentence = f"Reads {reads.start:,} → {reads.end:,}{note}: {gallons_text(gallons)} used{converted}."
    return gallons, _finding("water-used", sentence, ids, compared={"gallons_used": num(gallons)})


def water_used(facts: UserChargeFacts, view: ParameterView) -> tuple[Decimal | None, Finding]:
    """The water used in the period: stated, read from the meter, or estimated for the class (I-27)."""
    if facts.reads is not None:
        return water_used_from_reads(facts.reads, view)
    if facts.gallons is not None:
        sentence = f"Water used in the period: {gallons_text(facts.gallons)}."
        return facts.gallons, _finding("water-used", sentence, [], compared={"gallons_used": num(facts.gallons)})
    estimate = Decimal(view.table("charges.class_estimates")[facts.user_class])
    sentence = (
        f"No meter read for the period: the {facts.user_class} estimate of typical usage set by the "
        f"Superintendent of Sewers applies, {gallons_text(estimate)} (I-27)."
    )
    compared: Compared = {"user_class": facts.user_class, "gallons_estimated": num(estimate)}
    return estimate, _finding("water-used", sentence, ["I-27"], compared=compared)


def wash_water(wash: Decimal, used: Decimal) -> Finding:
    """§118-6: the car wash's separately metered water "used in actually washing vehicles" is disposed of
    through its private system, so it is excluded from the account's sewer usage (I-44)."""
    if wash > used:
        sentence = (
            f"The vehicle-wash meter's {gallons_text(wash)} is more than the {gallons_text(used)} used in all: "
            "the period is held for a person to check the reads."
        )
        return _finding("wash-water", sentence, ["I-44"], ok=False, section="118-6")
    sentence = (
        f"{gallons_text(wash)} of separately metered vehicle-wash water is excluded; "
        f"{gallons_text(used - wash)} of the {gallons_text(used)} used is billed."
    )
    compared: Compared = {"gallons_used": num(used), "wash_gallons": num(wash), "gallons_billed": num(used - wash)}
    return _finding("wash-water", sentence, ["I-44"], section="118-6", compared=compared)


def rate_in_force(facts: UserChargeFacts, p: ChargeParameters) -> Finding:
    """§118-52: "At such per-gallon rates as the Town Board may from time to time establish": those in force on the
    period's last day, with no proration (I-43), unless the facts state a what-if rate."""
    whose = (
        "a rate stated in the facts (what-if), not the Town Board's"
        if p.rate_stated_in_facts
        else f"the rate in force on {spoken(facts.period_end)}, the period's last day (I-43)"
    )
    sentence = (
        f"Rated at {money(p.rate_per_gallon)} per gallon, {whose}, with a minimum of {money(p.minimum_charge)} for "
        f"the first {p.minimum_charge_gallons:,.0f} gallons or less."
    )
    compared: Compared = {
        "rated_on": facts.period_end.isoformat(),
        "rate_per_gallon": num(p.rate_per_gallon),
        "rate_stated_in_facts": p.rate_stated_in_facts,
        "minimum_charge": format(p.minimum_charge, "f"),
        "minimum_charge_gallons": num(p.minimum_charge_gallons),
    }
    return _finding("rate-in-force", sentence, ["I-43"], compared=compared)


def minimum_charge(charge: UserCharge, p: ChargeParameters) -> Finding:
    """§118-52: "In no way shall there be less than a minimum charge of $10 for the first 5,000 gallons or
    less" (I-24)."""
    first = next(i for i in charge.line_items if i.code in ("first-gallons", "minimum-charge"))
    if charge.minimum_governs:
        sentence = f"The {money(p.minimum_charge)} minimum applies: {first.working}."
    else:
        sentence = f"The first gallons cost {money(first.amount)}, not less than the {money(p.minimum_charge)} minimum."
    compared: Compared = {"first_gallons": format(first.amount, "f"), "minimum_governs": charge.minimum_governs}
    return _finding("minimum-charge", sentence, ["I-24"], compared=compared)


def strength_findings(facts: UserChargeFacts, billed: Decimal, p: ChargeParameters) -> list[Finding]:
    """Each measured constituent against normal sanitary sewage strength (§118-37 Subsection C, I-03)."""
    findings = []
    for key, name in CONSTITUENTS.items():
        measured = None if facts.strength is None else getattr(facts.strength, key)
        if measured is None:
            continue
        normal = p.normal_strength[key]
        label = name[0].upper() + name[1:]  # "BOD", not str.capitalize()'s "Bod"
        if measured > normal:
            pounds = excess_pounds(billed, measured, normal)
            sentence = (
                f"{label} {num(measured)} mg/L is above the normal {num(normal)} mg/L: "
                f"{quantity(pounds)} lb above normal at {money(p.strength_rates[key])}/lb."
            )
        else:
            sentence = (
                f"{label} {num(measured)} mg/L is not above the normal {num(normal)} mg/L: no surcharge."
            )
        compared: Compared = {"measured_mg_l": num(measured), "normal_mg_l": num(normal)}
        findings.append(_finding(f"strength-{key}", sentence, ["I-03"], compared=compared))
    return findings


def meter_required(facts: UserChargeFacts, view: ParameterView) -> tuple[Finding, list[Deadline]]:
    """§118-52: "The owner shall install a water meter at his expense": until it is read, the estimate (I-27)."""
    days = int(view.number("meters.install_days"))
    sentence = (
        f"The owner must install a water meter at their own expense within {days} days of the Town's notice; "
        "until it is read, each period is charged the class estimate (I-27)."
    )
    deadlines = []
    if facts.meter_notice_on is not None:
        due = due_after(facts.meter_notice_on, days, shift=view.flag("deadlines.weekend_holiday_shift"))
        sentence += f" Notified on {spoken(facts.meter_notice_on)}: install by {spoken(due)}."
        deadlines.append(
            Deadline(
                key="install_meter",
                name="install a water meter",
                due=due,
                section=SECTION,
                sentence=sentence,
                interpretations=["I-27", "I-20"],
            )
        )
    return _finding("meter-required", sentence, ["I-27"], ok=False), deadlines


def user_charge(facts: UserChargeFacts, view: ParameterView, as_of: date) -> Decision:
    """The semiannual sewer user charge with its line items, rated on the period's last day (I-43)."""
    on_last_day = view.parameters.at(facts.period_end)
    p = charge_parameters(on_last_day, facts.rate_per_gallon, strength=facts.strength is not None)
    used, usage = water_used(facts, on_last_day)
    findings = [usage]
    ids = {"I-23", "I-24", "I-43", *usage.interpretations}
    wash = facts.wash_gallons or Decimal(0)
    span = f"{spoken(facts.period_start)} – {spoken(facts.period_end)}"
    if used is not None and wash:
        findings.append(wash_water(wash, used))
        if findings[-1].severity == "fails":
            used = None
    if used is None:
        summary = f"The charge for {span} is held for a person: " + findings[-1].sentence
        return decide(
            topic=TOPIC_NAME,
            as_of=as_of,
            view=on_last_day,
            outcome="held",
            summary=summary,
            findings=findings,
            interpretations=ids,
        )
    charge = rate_user_charge(used, p, strength=_strength(facts), wash_gallons=wash)
    findings += [
        rate_in_force(facts, p),
        minimum_charge(charge, p),
        *strength_findings(facts, charge.gallons_billed, p),
    ]
    deadlines: list[Deadline] = []
    if facts.unmetered:
        required, deadlines = meter_required(facts, on_last_day)
        findings.append(required)
    ids.update(i for f in findings for i in f.interpretations)
    outcome = "estimate" if facts.unmetered else "minimum" if charge.minimum_governs else "charge"
    items = " + ".join(money(i.amount) for i in charge.line_items if i.amount)
    excluded = f", vehicle-wash water of {gallons_text(wash)} excluded under §118-6" if wash else ""
    summary = (
        f"Sewer user charge for {span}: {money(charge.total)} for {gallons_text(charge.gallons_billed)}"
        f"{excluded} ({items})."
    )
    amounts = [
        Amount(
            key="charge",
            name="sewer user charge",
            value=charge.total,
            section=SECTION,
            breakdown=[i.as_row() for i in charge.line_items],
        ),
        Amount(key="gallons_billed", name="gallons billed", value=charge.gallons_billed, unit="gal", section=SECTION),
    ]
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=on_last_day,
        outcome=outcome,
        summary=summary,
        findings=findings,
        deadlines=deadlines,
        amounts=amounts,
        interpretations=ids,
    )


def _strength(facts: UserChargeFacts) -> dict[str, Decimal] | None:
    if facts.strength is None:
        return None
    return {k: v for k in CONSTITUENTS if (v := getattr(facts.strength, k)) is not None}


TOPIC: Topic[UserChargeFacts] = Topic(
    name=TOPIC_NAME,
    title="Semiannual sewer user charge (§118-52)",
    sections=(SECTION, "118-6"),
    facts_model=UserChargeFacts,
    rule=user_charge,
    interpretations=("I-23", "I-24", "I-43"),
    examples=EXAMPLES,
)
