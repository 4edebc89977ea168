"""Each permit's status pipeline, declared as data: the statuses, the moves, what each move means and who
may make it (a permission of ``permits/rules.py``). ``core.records.pipelines`` enforces the moves and writes each one
to history with who, when and why; the actions (``permits/actions/``) check the permission named here.

Gates beyond the table (checked by :mod:`sewerworks.permits.actions.moves`): a building-sewer or reuse
application cannot leave "submitted" without its fee (§118-15, I-88), nor pass "approved" without a clean
review or every discretion decided by the official it names (I-90); an opening permit is granted only with
the Town Board's resolution (§118-14); a private-system permit is recorded only where no public sewer is
available (§118-7, I-46).
"""

from __future__ import annotations

from dataclasses import dataclass

from sewerworks.core.records.pipelines import Pipeline
from sewerworks.permits.choices import PermitKind


@dataclass(frozen=True)
class Move:
    to: str
    meaning: str
    permission: str


REVIEW = "permits.review_permit"
BUILD = "permits.record_construction"
COUNTY = "permits.record_county"
ENTER = "permits.enter_application"
TRENCH = "inspections.pass_trench"
NOTICE = "inspections.request_inspection"
SUPERVISE = "inspections.supervise_connection"

STATUSES: dict[str, str] = {
    "submitted": "Submitted",
    "under_review": "Under review",
    "approved": "Approved",
    "denied": "Denied",
    "withdrawn": "Withdrawn",
    "in_construction": "In construction",
    "inspected": "Inspected",
    "ready_for_connection": "Ready for inspection and connection",
    "connected": "Connected",
    "granted": "Granted by the Town Board",
    "county_permitted": "County permit recorded",
    "county_notified": "Ready for county final inspection",
    "effective": "Effective (county final inspection)",
    "closed": "Closed",
}

_WITHDRAW = Move("withdrawn", "The applicant withdrew the application", ENTER)

MOVES: dict[str, dict[str, tuple[Move, ...]]] = {
    PermitKind.BUILDING_SEWER: {
        "submitted": (Move("under_review", "Fee paid: technical review begins (§118-15)", REVIEW), _WITHDRAW),
        "under_review": (
            Move("approved", "The design complies, every discretion decided: permit approved", REVIEW),
            Move("denied", "Permit denied", REVIEW),
            _WITHDRAW,
        ),
        "approved": (Move("in_construction", "Construction of the building sewer begun", BUILD),),
        "in_construction": (Move("inspected", "The trench inspection passed (§118-26)", TRENCH),),
        "inspected": (
            Move(
                "ready_for_connection", "The applicant's notice: ready for inspection and connection (§118-25)", NOTICE
            ),
        ),
        "ready_for_connection": (
            Move("connected", "Connected under supervision, the meter certified (§118-25)", SUPERVISE),
        ),
        "connected": (Move("closed", "Permit closed", BUILD),),
        "denied": (),
        "withdrawn": (),
        "closed": (),
    },
    PermitKind.OLD_SEWER_REUSE: {
        "submitted": (
            Move("under_review", "Fee paid: the Town Engineer examines and tests (§118-18)", REVIEW),
            _WITHDRAW,
        ),
        "under_review": (
            Move("approved", "Found to meet all requirements of the chapter: reuse approved (§118-18)", REVIEW),
            Move("denied", "Reuse refused (§118-18)", REVIEW),
            _WITHDRAW,
        ),
        "approved": (Move("closed", "Permit closed", BUILD),),
        "denied": (),
        "withdrawn": (),
        "closed": (),
    },
    PermitKind.OPENING: {
        "submitted": (
            Move(
                "granted", "Written permit granted by resolution of the Town Board (§118-14)", "permits.grant_opening"
            ),
            Move("denied", "The Town Board refused the permit (§118-14)", "permits.grant_opening"),
            _WITHDRAW,
        ),
        "granted": (Move("closed", "Work done: permit closed", BUILD),),
        "denied": (),
        "withdrawn": (),
        "closed": (),
    },
    PermitKind.PRIVATE_SYSTEM: {
        "submitted": (Move("county_permitted", "Ulster County Health Department permit recorded (§118-8)", COUNTY),),
        "county_permitted": (
            Move("county_notified", "Work ready for final inspection: county notified (§118-9)", COUNTY),
        ),
        "county_notified": (Move("effective", "County final inspection recorded: permit effective (§118-9)", COUNTY),),
        "effective": (Move("closed", "Permit closed", COUNTY),),
        "closed": (),
    },
}


def _pipeline(kind: str) -> Pipeline:
    moves = MOVES[kind]
    return Pipeline(
        noun=f"a {PermitKind(kind).label.split(' (')[0].lower()}",
        statuses={s: STATUSES[s] for s in moves},
        transitions={s: {m.to: m.meaning for m in out} for s, out in moves.items()},
    )


PIPELINES: dict[str, Pipeline] = {kind: _pipeline(kind) for kind in MOVES}
ALL_STATUSES = Pipeline(
    noun="a permit",
    statuses=STATUSES,
    transitions={s: {} for s in STATUSES},
)
FEE_REQUIRED = frozenset({PermitKind.BUILDING_SEWER, PermitKind.OLD_SEWER_REUSE})
REVIEWED = frozenset({PermitKind.BUILDING_SEWER, PermitKind.OLD_SEWER_REUSE})
PAST_APPROVAL = frozenset({"approved", "in_construction", "inspected", "ready_for_connection", "connected", "closed"})


def move_for(kind: str, current: str, target: str) -> Move | None:
    """The declared move, or None (the pipeline's check then names the allowed ones)."""
    return next((m for m in MOVES[kind].get(current, ()) if m.to == target), None)


def start(kind: str) -> str:
    return "submitted"
