"""What the engineering screens share: a form's action run with its refusal put back on the form, and the
project's tabs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

view_required = permission_required("engineering.view_engineering", raise_exception=True)


def refuse(form: Form, error: ValidationError) -> Form:
    """The action's refusal on the form: each message on the field it names (on the form when it has none)."""
    if hasattr(error, "error_dict"):
        for field, messages in error.message_dict.items():
            form.add_error(field if field in form.fields else None, [f"{m}" for m in messages])
    else:
        form.add_error(None, error.messages)
    return form


def submit(
    request: HttpRequest, form: Form, act: Callable[[dict[str, Any]], Any], done: Callable[[Any], str] | str, *,
    back: tuple[str, int], again: Callable[[Form], HttpResponse],
) -> HttpResponse:  # fmt: skip
    """A POSTed form: ``act(cleaned_data)`` when valid, then back to the page (``back``: URL name and pk) with
    ``done`` (or ``done(what act returned)``); invalid or refused, ``again(form)`` renders the page with the form
    and its errors (422). A GET goes back to the page."""
    if request.method != "POST":
        return redirect(*back)
    if form.is_valid():
        try:
            made = act(form.cleaned_data)
        except ValidationError as error:
            refuse(form, error)
        else:
            messages.success(request, done if isinstance(done, str) else done(made))
            return redirect(*back)
    return again(form)


def tabs(project: Any, current: str) -> list[tuple[str, str, bool]]:
    """(label, url name, current) of the project's pages; the petition only for a town-built extension."""
    pages = [("Design and approvals", "engineering:project_detail"), ("Construction", "engineering:construction"),
             ("Exfiltration tests", "engineering:tests")]  # fmt: skip
    if project.builder == "town":
        pages.append(("Owners' petition", "engineering:petition"))
    return [(label, name, name == current) for label, name in pages]
