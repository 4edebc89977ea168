"""The result of an inspection, and the hand-off it starts, in one transaction.

The kind's own permission records it (a trench: the Town Engineer or his representative, I-130; a connection:
whoever may supervise it, §118-25). Refused, naming the field and the rule, with nothing written: a result on a
closed subject or one already recorded, dated in the future or before its request, a pass with an item not
satisfied, a photo that is not JPEG, PNG or PDF, a step out of order (the subject's ``on_result`` says). Only
"failed" is a failure of the work; "not ready" and "cancelled" are not (I-134). If the hand-off fails (a
connection that cannot be recorded), the result is rolled back with it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.inspections.actions.common import audit, locked, save
from sewerworks.inspections.actions.photos import check_photos, store_photos
from sewerworks.inspections.choices import Answer, Result
from sewerworks.inspections.models import Inspection
from sewerworks.inspections.subjects import subject_of

__all__ = ["do_record_result", "unsatisfied"]


def _answers(inspection: Inspection, given: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """The items as found, keyed as issued: an answer (yes, no or not checked), a measured value, a note."""
    keys = {i["key"] for i in inspection.checklist}
    unknown = sorted(set(given) - keys)
    if unknown:
        raise ValidationError({"answers": f"{unknown[0]!r} is not an item of this inspection's checklist."})
    found: dict[str, dict[str, str]] = {}
    for key, raw in given.items():
        raw = raw if isinstance(raw, Mapping) else {"answer": raw}
        answer = str(raw.get("answer") or "")
        if answer not in Answer.values:
            raise ValidationError({"answers": f"{key}: answer yes, no, or leave it unchecked."})
        measured = str(raw.get("measured") or "").strip()
        if measured:
            try:
                if not Decimal(measured).is_finite() or abs(Decimal(measured)) >= 10**9:
                    raise InvalidOperation
            except InvalidOperation:
                raise ValidationError(
                    {"answers": f"{key}: the measured value {measured[:20]!r} is not a number."}
                ) from None
        note = check_text("answers", str(raw.get("note") or ""), max_length=500).strip()
        found[key] = {"answer": answer, "measured": measured, "note": note}
    return found


def unsatisfied(inspection: Inspection, answers: Mapping[str, Mapping[str, str]]) -> list[dict[str, Any]]:
    """The items judged at this inspection (not those with a deadline of their own) not found satisfied."""
    return [
        i for i in inspection.checklist if not i.get("follows") and (answers.get(i["key"]) or {}).get("answer") != "yes"
    ]


def _check_result(inspection: Inspection, result: str, answers: Mapping[str, Mapping[str, str]]) -> None:
    if result == Result.PASSED:
        left = unsatisfied(inspection, answers)
        if left:
            listed = "; ".join(f"§{i['section']} {i['text']}" for i in left[:5])
            raise ValidationError({"answers": f"A pass needs every item satisfied; not yet: {listed}"})
    if result == Result.FAILED and not any(a.get("answer") == "no" for a in answers.values()):
        raise ValidationError({"answers": "A failed inspection names the item (or items) not satisfied."})


def _position(latitude: Any, longitude: Any) -> tuple[Decimal | None, Decimal | None]:
    if latitude in (None, "") and longitude in (None, ""):
        return None, None
    try:
        lat, lon = Decimal(str(latitude)), Decimal(str(longitude))
    except (InvalidOperation, ValueError):
        raise ValidationError({"latitude": "Give the position as two numbers: latitude and longitude."}) from None
    if not (lat.is_finite() and lon.is_finite() and -90 <= lat <= 90 and -180 <= lon <= 180):
        raise ValidationError({"latitude": "A latitude lies in -90..90 and a longitude in -180..180."})
    return lat.quantize(Decimal("0.000001")), lon.quantize(Decimal("0.000001"))


def do_record_result(
    inspection: Inspection,
    *,
    result: str,
    inspected_on: dt.date,
    acting_user: Any,
    answers: Mapping[str, Any] | None = None,
    notes: str = "",
    photos: Sequence[Any] = (),
    caption: str = "",
    latitude: Any = None,
    longitude: Any = None,
    extra: Mapping[str, Any] | None = None,
) -> Inspection:
    """Record what the inspector found and start what it starts (the subject's hand-off), atomically."""
    registered, subject = subject_of(inspection)
    kind = registered.kind(inspection.kind)
    if result not in Result.values:
        raise ValidationError({"result": f"Passed, failed, not ready or cancelled, not {result!r}."})
    if result == Result.CANCELLED:
        require(acting_user, "inspections.request_inspection", "record that the inspection was cancelled")
    else:
        require(acting_user, kind.result_permission, f"record the result of a {kind.label.lower()} inspection")
    not_in_future("inspected_on", inspected_on, "An inspection")
    if inspected_on < inspection.requested_on:
        raise ValidationError(
            {
                "inspected_on": f"The inspection was requested on {inspection.requested_on}: its "
                "result cannot be dated before it."
            }
        )
    found = _answers(inspection, answers or {})
    _check_result(inspection, result, found)
    lat, lon = _position(latitude, longitude)
    text = check_text("notes", notes).strip()
    checked = check_photos(list(photos))
    unknown = sorted(set(extra or {}) - set(kind.fields))
    if unknown:
        raise ValidationError({unknown[0]: f"Not a field of a {kind.label.lower()} result."})
    with transaction.atomic():
        current = locked(inspection)
        if not current.is_open:
            raise ValidationError(
                {
                    "result": f"Its result was recorded on {current.inspected_on}: "
                    f"{current.get_result_display().lower()}."
                }
            )
        subject = registered.lock(subject)
        closed = registered.closed(subject)
        if closed:
            raise ValidationError({"result": closed})
        current.result, current.inspected_on, current.inspector = result, inspected_on, acting_user
        current.answers, current.notes, current.latitude, current.longitude = found, text, lat, lon
        current.summary = registered.on_result(subject, current, acting_user, dict(extra or {}))[:2000]
        save(current, acting_user, f"{kind.label}: {current.get_result_display().lower()}")
        store_photos(
            current,
            list(photos),
            checked,
            caption=check_text("caption", caption, max_length=200),
            acting_user=acting_user,
        )
        audit(acting_user, "do_record_result", current, result=result, inspected_on=inspected_on.isoformat())
        return current
