"""The clerk's form for a Board resolution: the resolution as cited, and its values one per line.

Each line reads ``key = value``, the value written as in the parameter files: money in quotes
(``"12.00"``, never 12.5: I-23), numbers bare (``150``), true/false, a table as ``{4: "500.00"}``.
A number may name its unit, which must be the parameter's (``150 ft``; ``45 m`` is refused, never
converted). A line may add its own effective date and section: ``key = value @ 2027-07-01 §118-5``.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from django import forms
from django.core.exceptions import ValidationError

from sewerworks.core.resolutions.actions import ProposedValue
from sewerworks.ordinance.parameters import strict_yaml
from sewerworks.ordinance.parameters.units import UnitError, parse_date

_DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
_SUFFIX = re.compile(r"\s+@\s*(?P<effective>\d{4}-\d{2}-\d{2})?\s*(?:§\s*(?P<section>[\d.-]+))?\s*$")
_KEY = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")
_WITH_UNIT = re.compile(r"^(?P<number>[-+]?\d+(?:\.\d+)?)\s+(?P<unit>[A-Za-z$][\w/().·$-]*)$")


def parse_line(text: str) -> ProposedValue:
    """``key = value [@ YYYY-MM-DD] [§118-N]`` as a proposed value; a ValueError says what is wrong."""
    key, equals, rest = text.partition("=")
    key = key.strip()
    if not equals or not key:
        raise ValueError("write it as key = value, e.g. connection.sewer_available_distance = 150")
    if not _KEY.match(key):
        raise ValueError(f"{key!r} is not a parameter key (dotted names such as enforcement.default_correction_days)")
    effective, section = None, ""
    suffix = _SUFFIX.search(rest)
    if suffix:
        rest = rest[: suffix.start()]
        try:
            effective = parse_date(suffix["effective"]) if suffix["effective"] else None
        except UnitError as error:
            raise ValueError(f"{key}: {error}") from None
        section = suffix["section"] or ""
    if not rest.strip():
        raise ValueError(f"{key}: no value after '='")
    unit = ""
    with_unit = _WITH_UNIT.match(rest.strip())
    if with_unit:  # "150 ft": a number and the unit it is in
        rest, unit = with_unit["number"], with_unit["unit"]
    try:
        value = strict_yaml.load(rest.strip())
    except yaml.YAMLError as error:
        raise ValueError(f"{key}: {rest.strip()!r} is not a value ({getattr(error, 'problem', error)})") from None
    return ProposedValue(key=key, value=value, effective=effective, section=section, unit=unit)


class ResolutionForm(forms.Form):
    instrument = forms.CharField(
        label="Resolution or local law", max_length=120, help_text="As cited, e.g. Resolution 2027-14."
    )
    kind = forms.ChoiceField(
        label="Kind", choices=[("resolution", "Town Board resolution"), ("local_law", "Local law")]
    )
    adopted_on = forms.DateField(label="Adopted on", widget=_DATE)
    effective_on = forms.DateField(
        label="Effective from", widget=_DATE, help_text="The day its values take effect (unless a line says otherwise)."
    )
    title = forms.CharField(label="Title", max_length=200)
    values = forms.CharField(
        label="Values it sets",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "class": "font-monospace", "spellcheck": "false"}),
        help_text=(
            'One per line: key = value. Money in quotes as in the parameter files ("12.00"); numbers bare (150) '
            "or with the parameter's own unit (150 ft). "
            "Optionally add @ YYYY-MM-DD for its own effective date and §118-N for the section it sets. "
            "Leave empty for a resolution that approves or grants without changing a parameter."
        ),
    )
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            css = "form-select" if isinstance(field.widget, forms.Select) else "form-control"
            field.widget.attrs["class"] = f"{css} {field.widget.attrs.get('class', '')}".strip()
            if field.help_text:
                field.widget.attrs["aria-describedby"] = f"id_{name}-help"

    def clean_values(self) -> list[tuple[int, ProposedValue]]:
        parsed: list[tuple[int, ProposedValue]] = []
        problems: list[str] = []
        for number, line in enumerate(str(self.cleaned_data.get("values") or "").splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                parsed.append((number, parse_line(line)))
            except ValueError as error:
                problems.append(f"Line {number}: {error}")
        if problems:
            raise ValidationError(problems)
        return parsed

    def action_arguments(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data["values"] = [proposed for _, proposed in data["values"]]
        return data

    def add_action_errors(self, error: ValidationError) -> None:
        """The action's refusals on the fields they concern; a value's refusal names its line and key."""
        lines = [number for number, _ in self.cleaned_data.get("values", [])]
        for field, problems in error.error_dict.items():
            for problem in problems:
                params = problem.params or {}
                message = problem.message % params if params else problem.message
                if "row" in params and params["row"] < len(lines):
                    message = f"Line {lines[params['row']]}: {message}"
                self.add_error(field if field in self.fields else None, message)
