"""The subjects a program has inspected, registered here, so that this app never imports a program.

A program describes each kind of record it has inspected with an :class:`InspectionSubject` (the model, the
kinds of inspection it takes, who may record each one's result) and registers it with
:func:`register_subject`. The hooks run inside the inspection's own transaction, on the subject locked:

- :meth:`InspectionSubject.checklist` makes the items the inspector is given, from the subject's own facts
  (a permit's design through the ``inspection-checklist`` topic); the inspection keeps them as issued.
- :meth:`InspectionSubject.on_request` refuses a request out of order (a ``ValidationError`` naming the field
  and the rule) and may move the subject (the applicant's notice moves a permit to "ready for connection").
- :meth:`InspectionSubject.on_result` refuses a result out of order and starts what the result starts (the
  hand-off: a connection recorded, a deadline opened, a charge posted); what it returns is kept as the
  inspection's summary. If it raises, the result is rolled back with it.

Permits registers building-sewer and opening permits (``permits/inspections/``); an extension's exfiltration
test sections register the same way, with no change here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models

__all__ = [
    "InspectionKind",
    "InspectionSubject",
    "Issued",
    "register_subject",
    "subject_for",
    "subject_of",
    "subjects",
]


@dataclass(frozen=True)
class InspectionKind:
    """One kind of inspection a subject takes: its stable key (stored on the record), what it is called, the
    section that asks for it, who may record its result, and the notice that opens it (and who gives it)."""

    key: str
    label: str
    section: str
    result_permission: str
    notice: str
    requester: str = "staff"
    fields: tuple[str, ...] = ()  # what else its result takes (``building_name``...), passed to ``on_result``


@dataclass(frozen=True)
class Issued:
    """A checklist as issued: its items (``key``, ``section``, ``kind``: measured / yes_no / discretion,
    ``text``, ``design``, ``unit``, limits, ``follows``: an item with a deadline of its own rather than a
    judgement at this inspection) and the stored decision that made it, if a topic did."""

    items: list[dict[str, Any]]
    decision: Any = None


class InspectionSubject:
    """What a program registers for one model it has inspected. Override the hooks; the defaults accept."""

    name: str = ""
    model: type[models.Model]
    kinds: tuple[InspectionKind, ...] = ()
    view_permission: str = ""

    def kind(self, key: str) -> InspectionKind:
        found = next((k for k in self.kinds if k.key == key), None)
        if found is None:
            known = ", ".join(k.key for k in self.kinds)
            raise ValidationError({"kind": f"{self.name} takes no {key!r} inspection (it takes: {known})."})
        return found

    def parcel(self, subject: Any) -> Any:
        return getattr(subject, "parcel", None)

    def label(self, subject: Any) -> str:
        return str(subject)

    def url(self, subject: Any) -> str:
        return ""

    def lock(self, subject: Any) -> Any:
        """The subject re-read under a row lock (inside the inspection's transaction)."""
        return type(subject).objects.select_for_update().get(pk=subject.pk)

    def closed(self, subject: Any) -> str:
        """Why the subject takes no more inspections or results ("" if it does)."""
        return ""

    def checklist(self, subject: Any, kind: InspectionKind, on: dt.date, acting_user: Any) -> Issued:
        return Issued(items=[])

    def on_request(self, subject: Any, inspection: Any, acting_user: Any) -> None:
        """Refuse a request out of order; move the subject the notice moves."""

    def on_result(self, subject: Any, inspection: Any, acting_user: Any, extra: Mapping[str, Any]) -> str:
        """Refuse a result out of order; start what it starts. Returns what followed, in words."""
        return ""


_SUBJECTS: dict[str, InspectionSubject] = {}
S = TypeVar("S", bound=type[InspectionSubject])


def register_subject(cls: S) -> S:
    """Register a subject (an :class:`InspectionSubject` subclass, by its ``name``); a second class under a taken
    name, or a model registered twice, is a programming error."""
    subject = cls()
    if not subject.name or not getattr(subject, "model", None) or not subject.kinds:
        raise ValueError(f"{cls.__name__}: a subject needs a name, a model and at least one kind of inspection")
    keys = [k.key for k in subject.kinds]
    if len(set(keys)) != len(keys):
        raise ValueError(f"{cls.__name__}: a kind of inspection is declared twice")
    same = f"{cls.__module__}.{cls.__qualname__}"
    for other in _SUBJECTS.values():
        if other.name == subject.name and f"{type(other).__module__}.{type(other).__qualname__}" != same:
            raise ValueError(f"an inspection subject named {subject.name!r} is already registered")
        if other.model is subject.model and other.name != subject.name:
            raise ValueError(f"{subject.model.__name__} is already registered as {other.name!r}")
    _SUBJECTS[subject.name] = subject
    return cls


def subjects() -> list[InspectionSubject]:
    return [_SUBJECTS[name] for name in sorted(_SUBJECTS)]


def subject_for(record: Any) -> InspectionSubject:
    """The registered subject of ``record``'s model; a ValidationError if no program registered it."""
    for subject in _SUBJECTS.values():
        if isinstance(record, subject.model):
            return subject
    raise ValidationError({"subject": f"No program takes inspections of a {type(record).__name__}."})


def subject_of(inspection: Any) -> tuple[InspectionSubject, Any]:
    """The registered subject of an inspection and its record."""
    model = ContentType.objects.get_for_id(inspection.subject_type_id).model_class()
    registered = next((s for s in _SUBJECTS.values() if s.model is model), None)
    if registered is None or model is None:
        raise ValidationError({"subject": "The program that registered this inspection's subject is not installed."})
    return registered, model._default_manager.get(pk=inspection.subject_id)


def content_type(record: Any) -> ContentType:
    return ContentType.objects.get_for_model(type(record))
