"""Many violations, or many deadlines, opened at once: the set-based forms of ``do_open_violation`` and
``do_open_deadline`` for a batch that finds hundreds (a period's lab results evaluated at once, issue 36).

The same rules and the same records as one at a time (``tests/test_open_many.py`` compares them field for field):
the role checked, no discovery still to come, the responsible person the current owner of record unless named,
each record validated as ``full_clean`` validates it, each violation with its history row (naming the person,
dated on its discovery, I-114) and its status change, each deadline with its history row (the reason, dated on
its determination's as-of date, I-115). What ``full_clean`` would ask the database row by row (that each related
record exists, that a missed deadline has only one violation, that a duty's deadline is opened once) is asked
once for the batch. The writes are a few statements whatever the number (``core.records.history``), in one
transaction: all or nothing.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.records.history import create_with_history
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.enforcement.actions.deadlines import DeadlineWanted, new_deadline
from sewerworks.enforcement.actions.violations import new_violation, opened
from sewerworks.enforcement.choices import Discovery, Program
from sewerworks.enforcement.models import Deadline, StatusChange, Violation
from sewerworks.registry.models import Owner, Ownership, Parcel

__all__ = ["ViolationFound", "current_owners", "do_open_deadlines", "do_open_violations"]


@dataclass(frozen=True)
class ViolationFound:
    """One violation to open: the arguments of ``do_open_violation``."""

    parcel: Parcel
    section: str
    description: str
    discovered_on: dt.date
    how_discovered: str = Discovery.INSPECTION
    program: str = Program.GENERAL
    responsible_owner: Owner | None = None
    source_deadline: Deadline | None = None


def current_owners(parcels: Iterable[Parcel]) -> dict[int, Owner]:
    """Each parcel's current owner of record (``violations.current_owner``: the open ownership latest to start),
    in one query."""
    owners: dict[int, Owner] = {}
    ids = {p.pk for p in parcels}
    for ownership in (Ownership.objects.filter(parcel_id__in=ids, end__isnull=True).select_related("owner")
                      .order_by("parcel_id", "-start")):  # fmt: skip
        owners.setdefault(ownership.parcel_id, ownership.owner)
    return owners


def _relations(model: type[models.Model]) -> list[models.ForeignKey[Any, Any]]:
    return [f for f in model._meta.concrete_fields if isinstance(f, models.ForeignKey)]


def _validate(records: Sequence[models.Model], unique: Sequence[str] = ()) -> None:
    """``full_clean`` for a batch: each record's own fields; each related record's existence and each of
    ``unique`` (a field, or a duty's deadline) once for all. A refusal names the row (from 1) and the field."""
    model = type(records[0])
    relations = _relations(model)
    for n, record in enumerate(records, start=1):
        try:
            record.full_clean(exclude=[f.name for f in relations], validate_constraints=False)
        except ValidationError as exc:
            raise ValidationError({f"row {n}: {k}": v for k, v in exc.message_dict.items()}) from exc
    for field in relations:
        wanted = {getattr(r, field.attname) for r in records} - {None}
        target = field.remote_field.model._base_manager  # as ForeignKey.validate reads it
        found = set(target.filter(pk__in=wanted).values_list("pk", flat=True)) if wanted else set()
        for n, record in enumerate(records, start=1):
            value = getattr(record, field.attname)
            if value is not None and value not in found:
                raise ValidationError({f"row {n}: {field.name}": f"{target.model._meta.verbose_name} "
                                       f"instance with id {value!r} does not exist."})  # fmt: skip
    for name in unique:
        column = model._meta.get_field(name).attname  # type: ignore[union-attr]
        values = {getattr(r, column) for r in records} - {None}
        taken = set(model._default_manager.filter(**{f"{column}__in": values}).values_list(column, flat=True))
        seen: set[Any] = set()
        for n, record in enumerate(records, start=1):
            value = getattr(record, column)
            if value is not None and (value in taken or value in seen):
                raise ValidationError({f"row {n}: {name}": f"{str(model._meta.verbose_name).capitalize()} with this "
                                       f"{model._meta.get_field(name).verbose_name} already exists."})  # type: ignore[union-attr]  # fmt: skip
            seen.add(value)


def do_open_violations(found: Sequence[ViolationFound], *, acting_user: Any) -> list[Violation]:
    """``do_open_violation`` for each of ``found``, at once: the violations (status open), their history rows and
    status changes, in the order given."""
    if not found:
        return []
    if acting_user is not None:
        require(acting_user, "enforcement.open_violation", "record a violation")
    for f in found:
        not_in_future("discovered_on", f.discovered_on, "A violation")
    with transaction.atomic():
        owners = current_owners(f.parcel for f in found if f.responsible_owner is None)
        violations = [
            new_violation(parcel=f.parcel, section=f.section, description=f.description,
                          discovered_on=f.discovered_on, how_discovered=f.how_discovered, program=f.program,
                          owner=f.responsible_owner or owners.get(f.parcel.pk), source_deadline=f.source_deadline,
                          acting_user=acting_user)
            for f in found
        ]  # fmt: skip
        _validate(violations, unique=["source_deadline"])
        create_with_history(Violation, violations)
        create_with_history(StatusChange, [opened(v) for v in violations])
        return violations


def do_open_deadlines(wanted: Sequence[DeadlineWanted], *, acting_user: Any) -> list[Deadline]:
    """``do_open_deadline`` for each of ``wanted`` (its keyword arguments but ``acting_user``), at once: the
    deadlines and their history rows, in the order given."""
    if not wanted:
        return []
    if acting_user is not None:
        require(acting_user, "enforcement.open_deadline", "open a deadline")
    deadlines = [new_deadline(**w, acting_user=acting_user) for w in wanted]
    _validate(deadlines)
    _duties_once(deadlines)
    for n, d in enumerate(deadlines, start=1):
        if d.parcel_id is None and (d.subject_type_id is None or d.subject_id is None):
            raise ValidationError({f"row {n}: parcel": "A deadline is about a property or another record."})
    with transaction.atomic():
        return create_with_history(Deadline, deadlines)


def _duties_once(deadlines: Sequence[Deadline]) -> None:
    """``enf_deadline_duty_once``: a duty rule's deadline on a subject exists once."""
    keyed: dict[tuple[str, Any, Any], int] = {}
    by_duty: dict[str, set[Any]] = defaultdict(set)
    for n, d in enumerate(deadlines, start=1):
        if d.duty:
            key = (d.duty, d.subject_type_id, d.subject_id)
            if key in keyed:
                raise ValidationError({f"row {n}": f"The duty {d.duty!r} has a deadline on this record already."})
            keyed[key] = n
            by_duty[d.duty].add(d.subject_id)
    for duty, subjects in by_duty.items():
        for key in Deadline.objects.filter(duty=duty, subject_id__in=subjects).values_list(
                "duty", "subject_type_id", "subject_id"):  # fmt: skip
            if key in keyed:
                raise ValidationError({f"row {keyed[key]}": f"The duty {duty!r} has a deadline on this record "
                                       "already."})  # fmt: skip
