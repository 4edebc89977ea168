"""What each kind of deadline is, as data: what missing it does and who may mark it met.

Missing a deadline does one of three things (``WhenMissed``):

- ``VIOLATION``: the daily sweep opens the violation the miss is (of ``section``, one per deadline) and
  raises the follow-up task (serve a notice of violation, issue an appearance ticket);
- ``FOLLOW_UP``: only the follow-up task is raised (a missed §118-47 correction escalates its case and asks
  the Superintendent to consider a court referral; a missed interceptor installation asks the Building
  Inspector to look, I-51);
- ``REVIEW``: a review task for staff. A duty of the Town's own (``town_duty``) never opens a violation:
  the Town does not cite itself.

Programs add kinds by adding a line here (and to ``DeadlineKind``); a test checks every kind has one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sewerworks.enforcement.choices import DeadlineKind


class WhenMissed(StrEnum):
    VIOLATION = "violation"
    FOLLOW_UP = "follow_up"
    REVIEW = "review"


@dataclass(frozen=True)
class KindRule:
    """One kind of deadline: what it asks (``verb``), what missing it does, and who may mark it met."""

    verb: str
    when_missed: WhenMissed
    follow_up: str
    task: str
    meet_permission: str
    section: str = ""  # the section a missed deadline violates (VIOLATION only)
    escalates: bool = False  # the missed limit of a notice moves its case to "escalated" (§118-47)
    town_duty: bool = False

    def __post_init__(self) -> None:
        if self.town_duty and self.when_missed == WhenMissed.VIOLATION:
            raise ValueError(f"a duty of the Town's own ({self.verb}) cannot open a violation when missed")
        if self.when_missed == WhenMissed.VIOLATION and not self.section:
            raise ValueError(f"a missed deadline to {self.verb} opens a violation of which section?")


NOV = "serve_notice_of_violation"
REVIEW_TASK = "review_missed_deadline"

KINDS: dict[str, KindRule] = {
    DeadlineKind.CONNECT: KindRule(
        "connect to the public sewer",
        WhenMissed.VIOLATION,
        NOV,
        "Serve a Notice of Violation: the building was not connected in time (§118-5, §118-47)",
        "enforcement.record_connection",
        section="118-5",
    ),
    DeadlineKind.ABANDON: KindRule(
        "clean, abandon and fill a private system",
        WhenMissed.VIOLATION,
        NOV,
        "Serve a Notice of Violation: the private system was not abandoned in time (§118-5)",
        "enforcement.record_abandonment",
        section="118-5",
    ),
    DeadlineKind.CORRECT: KindRule(
        "correct a violation",
        WhenMissed.FOLLOW_UP,
        "consider_court_referral",
        "Superintendent: the time limit passed; consider referring the case to court (§118-47)",
        "enforcement.record_correction",
        escalates=True,
    ),
    DeadlineKind.PUMP_OUT: KindRule(
        "pump out a grease interceptor",
        WhenMissed.VIOLATION,
        "appearance_ticket",
        "Building Inspector: issue and serve an appearance ticket (§118-38)",
        "enforcement.record_correction",
        section="118-38",
        escalates=True,  # I-56: the violation the order names is escalated, not doubled
    ),
    DeadlineKind.INSTALL_METER: KindRule(
        "install a water meter",
        WhenMissed.VIOLATION,
        NOV,
        "Serve a Notice of Violation: no water meter installed (§118-52)",
        "enforcement.meet_deadline",
        section="118-52",
    ),
    # I-51: nothing records interceptors yet, so a missed installation is a task to look, not a violation.
    DeadlineKind.INSTALL_INTERCEPTOR: KindRule(
        "install a grease interceptor",
        WhenMissed.FOLLOW_UP,
        "check_interceptor",
        "Building Inspector: find whether the grease interceptor was installed; if not, open the §118-38 "
        "violation (I-51)",
        "enforcement.record_correction",
    ),
    # §118-26 (I-131): the plumber re-excavates a trench filled before its inspection; met by the inspection of
    # the trench re-opened. §118-27: the public property disturbed is restored; the permit closes when it is.
    DeadlineKind.REEXCAVATE: KindRule(
        "re-excavate a trench for its inspection",
        WhenMissed.VIOLATION,
        NOV,
        "Serve a Notice of Violation: the filled trench was not re-excavated for its inspection (§118-26)",
        "enforcement.meet_deadline",
        section="118-26",
    ),
    DeadlineKind.RESTORE: KindRule(
        "restore the public property disturbed",
        WhenMissed.VIOLATION,
        NOV,
        "Serve a Notice of Violation: the streets or sidewalks disturbed were not restored (§118-27)",
        "enforcement.meet_deadline",
        section="118-27",
    ),
    DeadlineKind.REVIEW: KindRule(
        "complete a review of the Town's own",
        WhenMissed.REVIEW,
        REVIEW_TASK,
        "Staff: a duty of the Town's own is late; complete it and record it met",
        "enforcement.meet_deadline",
        town_duty=True,
    ),
    DeadlineKind.OTHER: KindRule(
        "do what the deadline asks",
        WhenMissed.REVIEW,
        REVIEW_TASK,
        "Review the missed deadline",
        "enforcement.meet_deadline",
    ),
}


def kind_rule(kind: str) -> KindRule:
    """The rule of ``kind``; an unknown kind is a programming error, said plainly."""
    try:
        return KINDS[kind]
    except KeyError:
        raise LookupError(f"Deadline kind {kind!r} has no line in enforcement.deadline_kinds.KINDS") from None
