"""§§ 118-25 and 118-26 The order of a building sewer's field inspections, and what each step waits for.

    § 118-26: When trenches are opened for the laying of house sewer lateral pipes, such trenches shall be
    inspected by the Town Engineer, or engineer approved by the town, or his deputy or representative before
    the trenches are filled, and the plumber performing such work shall notify the Sewer Department when the
    laying of the house sewer is completed. If a trench is filled before inspection is made, the plumber to
    whom a permit is issued must reexcavate the trench to permit the required inspection.

    § 118-25: The applicant for the building sewer permit shall notify the Sewer Department when the building
    sewer is ready for inspection and connection to the public sewer lateral. The connection shall be made
    under the supervision of the Sewer Department or such other person appointed by the Town Board. Prior to
    connection, the Water Superintendent or assistant shall certify that the meter is installed and working
    properly.

The steps, in the order the two sections set them:

1. ``request_trench``: the *plumber's* notice that the laying is complete opens the trench inspection.
2. ``pass_trench``: the trench, found open, passes. Found filled, it fails and the plumber re-excavates within
   ``permits.reexcavate_days`` (I-131, counted as I-20 counts an act by the public).
3. ``request_connection``: the *applicant's* notice "ready for inspection and connection", refused until the
   trench has passed (the permit is then "inspected").
4. ``pass_connection``: after that notice, and only once the meter is certified on or after its installation
   and on or before the pass (I-49).

Who may act at each step is the app's role check (I-130: the inspector is the Town Engineer's
representative); the decision names them from ``permits.inspection_officials``. An opening permit (§118-14)
has its trench inspected once granted and no §118-25 connection of its own.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.deadlines import due_after
from sewerworks.ordinance.decision import Deadline, Decision, Finding, overall
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

TOPIC_NAME = "inspection-order"
Step = Literal["request_trench", "pass_trench", "request_connection", "pass_connection"]
Status = Literal[
    "submitted", "under_review", "approved", "denied", "withdrawn", "in_construction", "inspected",
    "ready_for_connection", "connected", "granted", "closed",
]  # fmt: skip
TrenchResult = Literal["none", "open", "filled", "failed", "passed"]
Compared = dict[str, str | int | bool | None]

# The status each step needs, by kind of permit: the pipeline's statuses carry the notices (the applicant's
# notice is the move to "ready for inspection and connection").
NEEDS: dict[str, dict[str, tuple[str, str]]] = {
    "building_sewer": {
        "request_trench": ("in_construction", "118-26"),
        "pass_trench": ("in_construction", "118-26"),
        "request_connection": ("inspected", "118-25"),
        "pass_connection": ("ready_for_connection", "118-25"),
    },
    "opening": {"request_trench": ("granted", "118-26"), "pass_trench": ("granted", "118-26")},
}
LABELS = {
    "in_construction": "in construction",
    "inspected": "inspected (its trench passed)",
    "ready_for_connection": "ready for inspection and connection (the applicant's notice, §118-25)",
    "granted": "granted by the Town Board (§118-14)",
}


class InspectionOrderFacts(Facts):
    """Where a permit stands and the step asked for: these seven facts are all the order depends on."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "permit_kind": "building_sewer",
                    "status": "ready_for_connection",
                    "step": "pass_connection",
                    "on": "2026-04-14",
                    "trench_result": "passed",
                    "meter_installed_on": "2026-04-01",
                    "meter_certified_on": "2026-04-08",
                }
            ]
        },
    )

    permit_kind: Literal["building_sewer", "opening"] = Field(
        description="The permit: a building sewer permit (§118-15) or a Town Board opening permit (§118-14)."
    )
    status: Status = Field(
        description="The permit's status; 'ready_for_connection' is the applicant's notice given (§118-25)."
    )
    step: Step = Field(description="The step asked for: a notice received, or an inspection passed.")
    on: date = Field(description="The day of the step (the notice, or the inspection).")
    trench_result: TrenchResult = Field(
        default="none",
        description="Where the trench stands: none (no plumber's notice yet), open or filled (as the inspector "
        "finds it now), failed or passed (its last inspection).",
    )
    meter_installed_on: date | None = Field(default=None, description="The day the meter was installed.")
    meter_certified_on: date | None = Field(
        default=None, description="The day the Water Superintendent or assistant certified the meter (§118-25)."
    )


def _finding(section: str, requirement: str, ok: bool, sentence: str, compared: Compared,
             interpretations: tuple[str, ...] = ()) -> Finding:  # fmt: skip
    return Finding(
        section=section,
        requirement=requirement,
        severity="complies" if ok else "fails",
        sentence=sentence,
        compared=compared,
        interpretations=list(interpretations),
    )


def status_allows(facts: InspectionOrderFacts) -> Finding:
    """Each step in its place: a trench once construction is under way (a granted opening permit), the
    applicant's notice once the trench passed, the connection once the applicant gave notice."""
    needs = NEEDS[facts.permit_kind].get(facts.step)
    if needs is None:
        return _finding(
            "118-25", "status", False,
            "A §118-14 opening permit has no §118-25 connection inspection: its trench is inspected (§118-26).",
            {"permit_kind": facts.permit_kind, "step": facts.step},
        )  # fmt: skip
    status, section = needs
    ok = facts.status == status
    what = {"request_trench": "The plumber's notice opens the trench inspection",
            "pass_trench": "The trench is inspected", "request_connection": "The applicant's notice is received",
            "pass_connection": "The connection passes"}[facts.step]  # fmt: skip
    sentence = f"{what} while the permit is {LABELS[status]}; it is {facts.status.replace('_', ' ')}."
    if not ok and facts.step == "request_connection":
        sentence += " §118-25's notice is refused until the trench inspection passes (§118-26)."
    return _finding(section, "status", ok, sentence, {"status": facts.status, "needs_status": status})


def trench_ready(facts: InspectionOrderFacts, view: ParameterView) -> tuple[Finding, Deadline | None]:
    """The trench: noticed by the plumber, open when inspected, re-excavated if filled first (§118-26, I-131)."""
    result = facts.trench_result
    compared: Compared = {"trench_result": result}
    if facts.step == "request_trench":
        ok = result != "passed"
        sentence = (
            "The plumber notifies the Sewer Department that the laying of the house sewer is complete (§118-26)."
            if ok
            else "The trench inspection has already passed: there is no further trench to inspect."
        )
        return _finding("118-26", "plumber-notice", ok, sentence, compared), None
    if facts.step != "pass_trench":
        ok = result == "passed"
        sentence = (
            "The trench inspection has passed (§118-26)."
            if ok
            else f"The trench inspection has not passed (it is {result}); the connection waits for it (§118-26)."
        )
        return _finding("118-26", "trench-passed", ok, sentence, compared), None
    if result == "filled":
        days = int(view.number("permits.reexcavate_days"))
        due = due_after(facts.on, days, shift=view.flag("deadlines.weekend_holiday_shift"))
        sentence = (
            f"The trench was filled before it was inspected: the plumber to whom the permit is issued must "
            f"re-excavate it to permit the inspection (§118-26), within {days} days, by the end of {due.isoformat()}."
        )
        deadline = Deadline(key="reexcavate", name="re-excavate the trench for inspection", due=due,
                            section="118-26", sentence=sentence, interpretations=["I-20", "I-131"])  # fmt: skip
        compared.update({"days": days, "due": due.isoformat()})
        return _finding("118-26", "trench-open", False, sentence, compared, ("I-131",)), deadline
    explain = {
        "open": "The trench is open as laid: it is inspected before it is filled (§118-26).",
        "none": "No plumber's notice that the laying is complete has been received (§118-26).",
        "failed": "The trench's last inspection failed: what it found is corrected and the trench inspected again.",
        "passed": "The trench inspection has already passed.",
    }
    return _finding("118-26", "trench-open", result == "open", explain[result], compared), None


def meter_certified(facts: InspectionOrderFacts) -> list[Finding]:
    """Prior to connection, the Water Superintendent or assistant certifies the meter: on or after its
    installation and on or before the pass (I-49)."""
    installed, certified = facts.meter_installed_on, facts.meter_certified_on
    compared: Compared = {
        "meter_installed_on": installed.isoformat() if installed else None,
        "meter_certified_on": certified.isoformat() if certified else None,
        "on": facts.on.isoformat(),
    }
    if installed is None:
        return [_finding("118-25", "meter-installed", False,
                         "No meter is recorded as installed: the Water Superintendent or assistant certifies an "
                         "installed meter before the connection (§118-25).", compared, ("I-49",))]  # fmt: skip
    if certified is None:
        return [_finding("118-25", "meter-certified", False,
                         f"The meter installed {installed.isoformat()} is not certified: prior to connection the "
                         "Water Superintendent or assistant certifies that it is installed and working properly "
                         "(§118-25).", compared, ("I-49",))]  # fmt: skip
    found = [
        _finding("118-25", "certified-after-installation", certified >= installed,
                 f"The meter was certified {certified.isoformat()}, "
                 f"{'on or after' if certified >= installed else 'before'} its installation on "
                 f"{installed.isoformat()}; I-49 counts only a certification on or after it.", compared, ("I-49",)),
        _finding("118-25", "certified-before-pass", certified <= facts.on,
                 f"The meter was certified {certified.isoformat()}, "
                 f"{'on or before' if certified <= facts.on else 'after'} the connection on {facts.on.isoformat()}; "
                 "§118-25 asks for it prior to connection (I-49).", compared, ("I-49",)),
    ]  # fmt: skip
    return found


def inspection_order(facts: InspectionOrderFacts, view: ParameterView, as_of: date) -> Decision:
    """Whether the step may happen now; ``fails`` with one finding per unmet gate."""
    officials = view.table("permits.inspection_officials")
    findings = [status_allows(facts)]
    deadlines: list[Deadline] = []
    if NEEDS[facts.permit_kind].get(facts.step):
        trench, deadline = trench_ready(facts, view)
        findings.append(trench)
        deadlines += [deadline] if deadline else []
    if facts.step == "pass_connection" and facts.permit_kind == "building_sewer":
        findings += meter_certified(facts)
    outcome = overall(findings)
    who = {"pass_trench": f"Passed by {officials['pass_trench']} (§118-26, I-130).",
           "pass_connection": f"Made under the supervision of {officials['supervise_connection']}; the meter "
                              f"certified by {officials['certify_meter']} (§118-25)."}.get(facts.step, "")  # fmt: skip
    failed = [f.sentence for f in findings if f.severity == "fails"]
    summary = ("Not yet: " + " ".join(failed)) if failed else f"{facts.step.replace('_', ' ').capitalize()}: in order."
    return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=f"{summary} {who}".strip(),
                  findings=findings, deadlines=deadlines, interpretations=["I-130"])  # fmt: skip


_READY = {
    "permit_kind": "building_sewer",
    "status": "ready_for_connection",
    "step": "pass_connection",
    "on": "2026-04-14",
    "trench_result": "passed",
    "meter_installed_on": "2026-04-01",
}
_TRENCH = {"permit_kind": "building_sewer", "status": "in_construction", "step": "pass_trench", "on": "2026-04-06"}

TOPIC: Topic[InspectionOrderFacts] = Topic(
    name=TOPIC_NAME,
    title="The order of a building sewer's inspections: trench, applicant's notice, meter, connection (§§118-25, 26)",
    sections=("118-25", "118-26"),
    facts_model=InspectionOrderFacts,
    rule=inspection_order,
    interpretations=("I-130",),
    examples=(
        Example("A connection with its meter installed but not certified is refused (§118-25, I-49)", _READY, "fails"),
        Example(
            "Certified on 2026-04-08, after its installation and before the pass: the connection may pass",
            {**_READY, "meter_certified_on": "2026-04-08"}, "complies",
        ),
        Example(
            "A certification dated before the meter was installed does not count (I-49)",
            {**_READY, "meter_installed_on": "2026-04-09", "meter_certified_on": "2026-04-08"}, "fails",
        ),
        Example(
            "A certification dated after the connection does not count (I-49)",
            {**_READY, "meter_certified_on": "2026-04-15"}, "fails",
        ),
        Example(
            "Certified on the day of the connection: in time (I-49)",
            {**_READY, "meter_certified_on": "2026-04-14"}, "complies",
        ),
        Example(
            "The applicant's notice before the trench passed is refused (§118-25, §118-26)",
            {**_READY, "status": "in_construction", "step": "request_connection", "trench_result": "failed"}, "fails",
        ),
        Example("An open trench after the plumber's notice may pass", {**_TRENCH, "trench_result": "open"}, "complies"),
        Example(
            "A trench filled before inspection fails: re-excavate within 7 days, by Monday 2026-04-13",
            {**_TRENCH, "trench_result": "filled"}, "fails", deadlines={"reexcavate": "2026-04-13"},
        ),
        Example(
            "Filled on Friday 2026-04-10: 7 days end on Friday 2026-04-17",
            {**_TRENCH, "on": "2026-04-10", "trench_result": "filled"}, "fails",
            deadlines={"reexcavate": "2026-04-17"},
        ),
        Example(
            "A connection without the applicant's notice is refused (§118-25)",
            {**_READY, "status": "inspected", "meter_certified_on": "2026-04-08"}, "fails",
        ),
        Example(
            "A granted opening permit's trench may pass",
            {**_TRENCH, "permit_kind": "opening", "status": "granted", "trench_result": "open"}, "complies",
        ),
    ),
)
