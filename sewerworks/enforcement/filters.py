"""The deadlines board's filters (django-filter): by program and by the officer who follows a deadline.

Every value is checked by a form field, so a bad one is a form error, never a database error.
"""

from __future__ import annotations

from typing import Any

import django_filters as df
from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from sewerworks.enforcement.choices import Program
from sewerworks.enforcement.models import Deadline


def officers(request: Any) -> QuerySet[Any]:
    """The people who follow at least one deadline."""
    ids = Deadline.objects.exclude(officer__isnull=True).values("officer_id")
    return get_user_model().objects.filter(pk__in=ids).order_by("username")


class DeadlineFilterSet(df.FilterSet):  # type: ignore[misc]
    """Deadlines by program (§118-5 connection, §118-38 grease...) and by officer."""

    program = df.ChoiceFilter(label="Program", choices=Program.choices, empty_label="All programs")
    officer = df.ModelChoiceFilter(label="Officer", queryset=officers, empty_label="All officers")

    class Meta:
        model = Deadline
        fields: list[str] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("program", "officer"):
            self.form.fields[name].widget.attrs["class"] = "form-select form-select-sm"
