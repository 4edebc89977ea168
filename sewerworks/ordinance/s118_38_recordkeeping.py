"""§118-38 Recordkeeping: the pump-out log the owner keeps and shows the Superintendent.

    Maintenance. [...] The grease and oil interceptor shall be pumped out when it is at 80% of its
    intended capacity and the contents disposed of at a NYSDEC approved disposal facility.

    Recordkeeping. The owner of each facility responsible for the installation and maintenance of grease
    and oil traps and interceptors shall maintain a pump-out log which will include the proper recording
    of pump-out dates. It shall also include receipts indicating service dates and pump-out volumes from
    the hauler. This information shall be made available to the Superintendent at the time of inspection.
                                                                                          (§ 118-38)

Each requirement is checked entry by entry, and a failure names the entries (numbered from 1 as the log
shows them): a log of three pump-outs whose second has no receipt is incomplete, "entry 2: no receipt".
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

SECTION = "118-38"
TOPIC_NAME = "grease-recordkeeping"


class PumpOutEntry(Facts):
    """One line of the pump-out log, as recorded."""

    pumped_on: date | None = Field(default=None, description="Pump-out date recorded in the log.")
    receipt: bool = Field(default=False, description="The hauler's receipt is kept with the log.")
    receipt_service_date: date | None = Field(default=None, description="Service date on the hauler's receipt.")
    receipt_volume_gal: Decimal | None = Field(
        default=None, gt=0, description="Pump-out volume on the hauler's receipt, gallons."
    )
    nysdec_approved_disposal: bool | None = Field(
        default=None,
        description="The contents went to a NYSDEC-approved disposal facility (null: the log does not say).",
    )


class RecordkeepingFacts(Facts):
    """The pump-out log of one facility as found at an inspection."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "log": [
                        {"pumped_on": "2026-01-05", "receipt": True, "receipt_service_date": "2026-01-05",
                         "receipt_volume_gal": 850, "nysdec_approved_disposal": True},
                    ],
                    "made_available": True,
                }
            ]
        },
    )  # fmt: skip

    log: list[PumpOutEntry] = Field(max_length=2000, description="The pump-out log, oldest entry first.")
    made_available: bool = Field(
        default=True, description="The log was made available to the Superintendent at the inspection."
    )


def _finding(requirement: str, gaps: list[str], complies: str, fails: str) -> Finding:
    ok = not gaps
    return Finding(
        section=SECTION,
        requirement=requirement,
        severity="complies" if ok else "fails",
        sentence=complies if ok else f"{fails}: {'; '.join(gaps)}.",
        compared={"entries_lacking": len(gaps)},
    )


def pump_out_dates_recorded(facts: RecordkeepingFacts) -> Finding:
    """[A] pump-out log which will include the proper recording of pump-out dates."""
    gaps = [f"entry {n}: no pump-out date" for n, e in enumerate(facts.log, 1) if e.pumped_on is None]
    return _finding("pump-out-dates", gaps, "Every pump-out in the log is dated.", "Pump-out dates are missing")


def receipts_kept(facts: RecordkeepingFacts) -> Finding:
    """It shall also include receipts indicating service dates and pump-out volumes from the hauler."""
    gaps: list[str] = []
    for n, entry in enumerate(facts.log, 1):
        if not entry.receipt:
            gaps.append(f"entry {n}: no receipt")
            continue
        missing = [
            what
            for what, value in (("service date", entry.receipt_service_date), ("volume", entry.receipt_volume_gal))
            if value is None
        ]
        if missing:
            gaps.append(f"entry {n}: the receipt shows no {' or '.join(missing)}")
    complete = "Every pump-out has the hauler's receipt with its service date and volume."
    return _finding("receipts", gaps, complete, "Receipts are missing or incomplete")


def disposed_at_an_approved_facility(facts: RecordkeepingFacts) -> Finding:
    """[T]he contents disposed of at a NYSDEC approved disposal facility."""
    gaps = [
        f"entry {n}: "
        + ("not a NYSDEC-approved facility" if e.nysdec_approved_disposal is False else "no facility recorded")
        for n, e in enumerate(facts.log, 1)
        if not e.nysdec_approved_disposal
    ]
    return _finding(
        "disposal", gaps, "Every pump-out went to a NYSDEC-approved disposal facility.",
        "Disposal at a NYSDEC-approved facility is not shown",
    )  # fmt: skip


def available_to_the_superintendent(facts: RecordkeepingFacts) -> Finding:
    """This information shall be made available to the Superintendent at the time of inspection."""
    gaps = [] if facts.made_available else ["the log was not made available at the inspection"]
    return _finding(
        "available", gaps, "The log was made available to the Superintendent.", "The Superintendent could not see it"
    )


def recordkeeping(facts: RecordkeepingFacts, view: ParameterView, as_of: date) -> Decision:
    """Whether the pump-out log is complete and was shown (§118-38 Recordkeeping)."""
    view.number("grease.pump_out_fill")  # the section was not in force before L.L. No. 2-2000
    findings = [
        available_to_the_superintendent(facts),
        pump_out_dates_recorded(facts),
        receipts_kept(facts),
        disposed_at_an_approved_facility(facts),
    ]
    failed = [f for f in findings if f.severity == "fails"]
    if not facts.log and facts.made_available:
        outcome, summary = "empty", "The pump-out log records no pump-out yet."
    else:
        outcome = "incomplete" if failed else "complete"
        summary = " ".join(f.sentence for f in failed) or "The pump-out log is complete and was made available."
    return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=summary, findings=findings)


_ENTRY = {"pumped_on": "2026-01-05", "receipt": True, "receipt_service_date": "2026-01-05", "receipt_volume_gal": 850,
          "nysdec_approved_disposal": True}  # fmt: skip

TOPIC: Topic[RecordkeepingFacts] = Topic(
    name=TOPIC_NAME,
    title="The pump-out log of a grease interceptor (§118-38 Recordkeeping)",
    sections=(SECTION,),
    facts_model=RecordkeepingFacts,
    rule=recordkeeping,
    examples=(
        Example("A dated log with receipts and approved disposal is complete", {"log": [_ENTRY, _ENTRY]}, "complete"),
        Example("The second entry has no receipt: incomplete", {"log": [_ENTRY, {**_ENTRY, "receipt": False}]},
                "incomplete"),
        Example("No pump-out recorded yet", {"log": []}, "empty"),
    ),
)  # fmt: skip
