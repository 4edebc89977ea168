"""What enforcement's endpoint modules share (``api`` and ``api_deadlines``): an action's refusals as 403 and 422
answers naming the rule or the request field, a record a body field names, and the deadlines as every read of
them selects them. Both import this module; it imports neither."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, models
from ninja.errors import HttpError
from ninja.errors import ValidationError as NinjaValidationError

from sewerworks.enforcement.models import Deadline

M = TypeVar("M", bound=models.Model)
T = TypeVar("T")

# A model field named in an action's refusal -> the request field that carries it
FIELDS = {"parcel": "parcel_id", "violation": "violation_id", "building": "building_id",
          "responsible_owner": "responsible_owner_id", "private_system": "private_system_id"}


def ref(model: type[M], pk: int | None, field: str) -> M | None:
    """The record a body field names, or a 422 naming the field."""
    if pk is None:
        return None
    obj = model._default_manager.filter(pk=pk).first()
    if obj is None:
        what = field.removesuffix("_id").replace("_", " ")
        raise NinjaValidationError([{"loc": ["body", "payload", field], "msg": f"No {what} {pk}."}])
    return obj


def act(fn: Callable[..., T], *args: Any, rename: dict[str, str] | None = None, **kwargs: Any) -> T:
    """Run an action; its refusals become 403 and 422 answers naming the rule or the field."""
    names = {**FIELDS, **(rename or {})}
    try:
        return fn(*args, **kwargs)
    except PermissionDenied as exc:
        raise HttpError(403, str(exc) or "Your role does not allow this.") from exc
    except DjangoValidationError as exc:
        if not hasattr(exc, "error_dict"):
            raise NinjaValidationError([{"loc": ["body", "payload"], "msg": m} for m in exc.messages]) from exc
        errors: list[dict[str, Any]] = []
        for field, messages in exc.message_dict.items():
            loc = ["body", "payload"] if field == NON_FIELD_ERRORS else ["body", "payload", names.get(field, field)]
            errors.extend({"loc": loc, "msg": m} for m in messages)
        raise NinjaValidationError(errors) from exc
    except IntegrityError as exc:
        raise NinjaValidationError([{"loc": ["body"], "msg": f"Refused by the database: {exc}"}]) from exc
    except OverflowError as exc:  # a date so far off the calendar ends before the deadline does
        raise NinjaValidationError([{"loc": ["body", "payload"], "msg": "A date is out of range."}]) from exc


def deadlines() -> models.QuerySet[Deadline]:
    return Deadline.objects.select_related("parcel", "notice", "officer", "subject_type").prefetch_related(
        "follow_ups__assigned_to"
    )
