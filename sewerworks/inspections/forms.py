"""The inspection screens' forms: they validate what a person typed; the ``do_*`` actions decide."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from sewerworks.enforcement.actions.common import happened
from sewerworks.enforcement.forms import DATE, StyledForm
from sewerworks.inspections.choices import Answer, Result
from sewerworks.inspections.subjects import InspectionKind


class MultipleFiles(forms.ClearableFileInput):
    allow_multiple_selected = True


class PhotosField(forms.FileField):
    """Any number of files (none included); their type is judged by the action, from their content."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", MultipleFiles(attrs={"accept": "image/jpeg,image/png,application/pdf"}))
        super().__init__(required=False, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[Any]:
        files = data if isinstance(data, list | tuple) else [data] if data else []
        return [super(PhotosField, self).clean(f, initial) for f in files]


class RequestForm(StyledForm):
    """A notice asking for an inspection, as it was received."""

    kind = forms.ChoiceField(label="Inspection")
    requested_on = forms.DateField(label="Notice received on", widget=DATE, validators=[happened("A notice")])
    requested_by = forms.CharField(label="Notice given by", max_length=120, help_text="The plumber, or the applicant.")
    requester_address = forms.CharField(
        label="Their mailing address",
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="The plumber's: an order to re-excavate is addressed to him.",
    )
    scheduled_for = forms.DateField(label="Scheduled for", widget=DATE, required=False)

    def __init__(self, *args: Any, kinds: Sequence[InspectionKind] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k.key, f"{k.label}: {k.notice}") for k in kinds]  # type: ignore[attr-defined]


class ScheduleForm(StyledForm):
    scheduled_for = forms.DateField(label="Scheduled for", widget=DATE)
    why = forms.CharField(label="Why (a reschedule)", max_length=100, required=False)


class PhotoForm(StyledForm):
    file = forms.FileField(label="Photograph (JPEG, PNG or PDF)")
    caption = forms.CharField(label="Caption", max_length=200, required=False)


class ResultForm(StyledForm):
    """The result, each checklist item as found, notes, photographs and where it was made."""

    result = forms.ChoiceField(label="Result", choices=Result.choices)
    inspected_on = forms.DateField(label="Inspected on", widget=DATE, validators=[happened("An inspection")])
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs={"rows": 3}))
    photos = PhotosField(label="Photographs (JPEG, PNG or PDF)")
    caption = forms.CharField(label="Caption of the photographs", max_length=200, required=False)
    latitude = forms.DecimalField(
        label="Latitude", required=False, max_digits=9, decimal_places=6, min_value=-90, max_value=90
    )
    longitude = forms.DecimalField(
        label="Longitude", required=False, max_digits=9, decimal_places=6, min_value=-180, max_value=180
    )
    building_name = forms.CharField(label="Name of the new building", max_length=120, required=False)
    building_use = forms.ChoiceField(label="Use of the new building", required=False)

    def __init__(
        self,
        *args: Any,
        items: Sequence[dict[str, Any]] = (),
        extra: Sequence[str] = (),
        uses: Sequence[tuple[str, str]] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.items = list(items)
        for name in ("building_name", "building_use"):
            if name not in extra:
                del self.fields[name]
        if "building_use" in self.fields:
            self.fields["building_use"].choices = [("", "—"), *uses]  # type: ignore[attr-defined]
        for item in self.items:
            key = item["key"]
            if item.get("follows"):
                continue
            self.fields[f"answer-{key}"] = forms.ChoiceField(
                label=f"§ {item['section']}: {item['text']}",
                choices=[(a.value, a.label) for a in Answer],
                required=False,
                widget=forms.Select(attrs={"class": "form-select form-select-sm"}),
            )
            if item["kind"] == "measured":
                self.fields[f"measured-{key}"] = forms.CharField(
                    label=f"Measured ({item.get('unit') or 'value'})",
                    max_length=20,
                    required=False,
                    widget=forms.TextInput(attrs={"inputmode": "decimal", "class": "form-control form-control-sm"}),
                )
            self.fields[f"note-{key}"] = forms.CharField(
                label="Note",
                max_length=500,
                required=False,
                widget=forms.TextInput(attrs={"class": "form-control form-control-sm"}),
            )

    def general(self) -> list[Any]:
        """The fields that are not a checklist item's."""
        return [self[n] for n in self.fields if not n.startswith(("answer-", "measured-", "note-"))]

    def item_rows(self) -> list[dict[str, Any]]:
        """Each item with its bound fields, for the checklist table."""
        rows = []
        for item in self.items:
            key = item["key"]
            rows.append(
                {
                    "item": item,
                    "answer": self[f"answer-{key}"] if not item.get("follows") else None,
                    "measured": self[f"measured-{key}"] if f"measured-{key}" in self.fields else None,
                    "note": self[f"note-{key}"] if f"note-{key}" in self.fields else None,
                }
            )
        return rows

    def answers(self) -> dict[str, dict[str, str]]:
        data = self.cleaned_data
        return {
            i["key"]: {
                "answer": data.get(f"answer-{i['key']}") or "",
                "measured": data.get(f"measured-{i['key']}") or "",
                "note": data.get(f"note-{i['key']}") or "",
            }
            for i in self.items
            if not i.get("follows")
        }

    def extra(self) -> dict[str, Any]:
        return {n: self.cleaned_data[n] for n in ("building_name", "building_use") if n in self.fields}
