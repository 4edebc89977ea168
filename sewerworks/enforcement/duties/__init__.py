"""Duties the records imply, in one registry.

A duty rule says which records it watches and, for a record, which deadline must exist: a connected
building with a private system still in use owes the §118-5 abandonment within 90 days; a preexisting
restaurant connected without an interceptor owes one within 30 days (§118-38); a user who must install a
meter owes it (§118-52, I-27). Programs add their rules with ``@duty_rule``.

Rules run whenever a watched record is saved, by any path: ``post_save`` for a form, the API or an action,
``core.records.bulk.records_written`` for a bulk path (the demo, imports), and ``reconcile()`` called explicitly.
The daily sweep reconciles the whole registry. Reconciliation is set-based (one query per rule finds the
records whose duty no deadline tracks) and idempotent: only missing deadlines are opened, once, each with
the Decision its topic gives.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Exists, OuterRef

from sewerworks.enforcement.models import Deadline

log = logging.getLogger(__name__)

__all__ = ["Duty", "DutyRule", "duty_rule", "held", "reconcile", "rules", "untracked_duties"]


@dataclass(frozen=True)
class Duty:
    """The deadline one record implies: its subject, and the determination that dates it."""

    subject: models.Model
    title: str
    topic: str
    facts: Mapping[str, Any]
    decided_on: dt.date
    deadline_key: str  # the stable key of the deadline the topic sets
    parcel: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)  # private_system, notice


class DutyRule:
    """One kind of duty. ``watches`` maps each model whose saving may create or end the duty to the path
    from it to its parcel id; ``untracked`` finds, in one query, the records (of ``subject_model``) whose
    duty no deadline tracks yet; ``duty`` says what the deadline is, or None if the record owes nothing."""

    name: str = ""
    program: str = ""
    kind: str = ""
    section: str = ""
    subject_model: type[models.Model]
    watches: Mapping[type[models.Model], str] = {}

    def candidates(self) -> models.QuerySet[Any]:
        raise NotImplementedError

    def tracked(self) -> models.QuerySet[Deadline]:
        """Deadlines that answer the duty of ``OuterRef('pk')`` (any status: a met duty is tracked)."""
        ct = ContentType.objects.get_for_model(self.subject_model)
        return Deadline.objects.filter(subject_type=ct, subject_id=OuterRef("pk"), kind=self.kind)

    def untracked(self, parcel_ids: Collection[int] | None = None) -> models.QuerySet[Any]:
        qs = self.candidates().filter(~Exists(self.tracked()))
        if parcel_ids is not None:
            qs = qs.filter(**{f"{self.watches[self.subject_model]}__in": list(parcel_ids)})
        return qs

    def duty(self, record: Any) -> Duty | None:
        raise NotImplementedError


_RULES: dict[str, DutyRule] = {}
R = TypeVar("R", bound=type[DutyRule])


def duty_rule(cls: R) -> R:
    """Register a duty rule (a ``DutyRule`` subclass); its name is its key."""
    rule = cls()
    if not rule.name or rule.subject_model not in rule.watches:
        raise ValueError(f"{cls.__name__}: a duty rule needs a name and watches its subject model")
    _RULES[rule.name] = rule
    from sewerworks.enforcement.duties.signals import watch

    watch(rule)
    return cls


def rules() -> list[DutyRule]:
    return [_RULES[name] for name in sorted(_RULES)]


def rules_watching(model: type[models.Model]) -> list[DutyRule]:
    return [r for r in rules() if model in r.watches]


def untracked_duties(parcel_ids: Collection[int] | None = None) -> list[tuple[DutyRule, Duty]]:
    """Every duty the records imply that no deadline tracks (for checks; ``reconcile`` opens them)."""
    found = []
    for rule in rules():
        for record in rule.untracked(parcel_ids):
            duty = rule.duty(record)
            if duty is not None:
                found.append((rule, duty))
    return found


def _open(rule: DutyRule, duty: Duty, acting_user: Any) -> bool:
    from sewerworks.enforcement.actions.common import decide
    from sewerworks.enforcement.actions.deadlines import do_open_deadline

    try:
        with transaction.atomic():
            decision, stored = decide(
                duty.topic, duty.facts, as_of=duty.decided_on, subject=duty.subject, acting_user=acting_user
            )
            due = decision.deadline_for(duty.deadline_key)
            do_open_deadline(
                program=rule.program,
                kind=rule.kind,
                subject=duty.subject,
                parcel=duty.parcel,
                decision=stored,
                section=rule.section,
                title=duty.title,
                due_on=due.due if due.due_at is None else None,
                due_at=due.due_at,
                acting_user=acting_user,
                duty=rule.name,
                why=f"Duty the records imply ({rule.name})",
                **duty.extra,
            )
    except IntegrityError:  # another reconciliation opened it at the same moment
        return False
    except (ValidationError, LookupError) as exc:  # a record the rule cannot date: said, never a failed save
        log.warning("duty %s on %s not opened: %s", rule.name, duty.subject, exc)
        return False
    return True


def reconcile(
    *,
    parcel_ids: Collection[int] | None = None,
    only: Collection[DutyRule] | None = None,
    acting_user: Any = None,
) -> int:
    """Open every deadline the records imply and no deadline tracks (on ``parcel_ids``, or everywhere);
    returns how many were opened. ``acting_user`` None is the system."""
    opened = 0
    with transaction.atomic():
        for rule in only if only is not None else rules():
            for record in rule.untracked(parcel_ids):
                duty = rule.duty(record)
                if duty is not None and _open(rule, duty, acting_user):
                    opened += 1
    return opened


_HELD: ContextVar[set[int] | None] = ContextVar("sewerworks_duties_held", default=None)


def holding() -> set[int] | None:
    return _HELD.get()


@contextmanager
def held(*, acting_user: Any) -> Iterator[None]:
    """Inside an action: saves of watched records only note their parcel; on leaving, the duties of those
    parcels are reconciled once, as ``acting_user`` (so the deadline names who recorded the act)."""
    if _HELD.get() is not None:  # nested: the outer block reconciles
        yield
        return
    token = _HELD.set(set())
    try:
        yield
        parcels = _HELD.get() or set()
    finally:
        _HELD.reset(token)
    if parcels:
        reconcile(parcel_ids=parcels, acting_user=acting_user)


import sewerworks.enforcement.duties.builtin  # noqa: E402,F401  (registers the rules that ship)
