"""What the enforcement screens share: the reading permission, running an action from a form."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest
from django.utils import timezone
from django.views.decorators.http import require_POST

view_required = permission_required("enforcement.view_enforcement", raise_exception=True)

__all__ = ["apply_errors", "post_only", "run_action", "today", "view_required"]

post_only = require_POST


def today() -> Any:
    """Today in the Town's time zone (America/New_York)."""
    return timezone.localdate()



def apply_errors(form: Form, error: ValidationError) -> None:
    """Put an action's ValidationError on the form: field errors on their fields, the rest on top."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            target = field if field in form.fields else None
            for e in errors:
                form.add_error(target, e.messages[0] if hasattr(e, "messages") else str(e))
    else:
        for message in error.messages:
            form.add_error(None, message)


def run_action(request: HttpRequest, form: Form, action: Callable[[], Any], success: str) -> Any:
    """Run ``action`` if ``form`` is valid; on a refusal put the reasons on the form and return None."""
    if not form.is_valid():
        return None
    try:
        result = action()
    except ValidationError as exc:
        apply_errors(form, exc)
        return None
    messages.success(request, success)
    return result if result is not None else True
