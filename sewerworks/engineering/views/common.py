"""What the engineering screens share: a refusal put back on its form, and the project's tabs."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.forms import Form

view_required = permission_required("engineering.view_engineering", raise_exception=True)


def refuse(form: Form, error: ValidationError) -> Form:
    """The action's refusal on the form: each message on the field it names (on the form when it has none)."""
    if hasattr(error, "error_dict"):
        for field, messages in error.message_dict.items():
            form.add_error(field if field in form.fields else None, [f"{m}" for m in messages])
    else:
        form.add_error(None, error.messages)
    return form


def tabs(project: Any, current: str) -> list[tuple[str, str, bool]]:
    """(label, url name, current) of the project's pages; the petition only for a town-built extension."""
    pages = [("Design and approvals", "engineering:project_detail"), ("Construction", "engineering:construction"),
             ("Exfiltration tests", "engineering:tests")]  # fmt: skip
    if project.builder == "town":
        pages.append(("Owners' petition", "engineering:petition"))
    return [(label, name, name == current) for label, name in pages]
