"""The upload form: the roll (CSV) and/or the parcel polygons (GeoJSON), checked for size and type."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile

from sewerworks.core.text import has_nul

ROLL_EXTENSIONS = (".csv",)
POLYGON_EXTENSIONS = (".geojson", ".json")


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def _read(upload: UploadedFile, extensions: tuple[str, ...], what: str) -> bytes:
    name = upload.name or ""
    limit = settings.SEWERWORKS_MAX_UPLOAD_BYTES
    if not name.lower().endswith(extensions):
        raise forms.ValidationError(f"{name} is not {what}: the file name must end in {' or '.join(extensions)}.")
    if upload.size is not None and upload.size > limit:
        raise forms.ValidationError(
            f"{name} is {_megabytes(upload.size)}; the largest file accepted is {_megabytes(limit)}."
        )
    data: bytes = upload.read(limit + 1)
    if len(data) > limit:
        raise forms.ValidationError(f"{name} is larger than {_megabytes(limit)}, the largest file accepted.")
    if not data.strip():
        raise forms.ValidationError(f"{name} is empty.")
    return data


class ImportUploadForm(forms.Form):
    """Upload the assessor's roll, the parcel polygons, or both (the roll is imported first)."""

    roll_file = forms.FileField(
        label="Assessor's roll (CSV)", required=False,
        help_text="One row per parcel with a header row: tax_map_number, street_number, street_name, hamlet, "
                  "land_use_class, roll_year, assessed_value, owner_name, owner_mailing_address, owner_city, "
                  "owner_state, owner_postal_code. UTF-8.",
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}),
    )
    polygons_file = forms.FileField(
        label="Parcel polygons (GeoJSON)", required=False,
        help_text="A FeatureCollection, one Polygon per parcel with properties.tax_map_number; EPSG:2260 feet "
                  "or WGS84 longitude/latitude.",
        widget=forms.ClearableFileInput(attrs={"accept": ".geojson,.json,application/geo+json,application/json"}),
    )

    def clean_roll_file(self) -> bytes | None:
        upload = self.cleaned_data.get("roll_file")
        if not upload:
            return None
        data = _read(upload, ROLL_EXTENSIONS, "a CSV file")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise forms.ValidationError(
                f"{upload.name} is not UTF-8 text (byte {exc.start} cannot be read): save the roll as "
                "'CSV UTF-8' and upload it again."
            ) from exc
        if has_nul(text):
            raise forms.ValidationError(f"{upload.name} is not a CSV text file (it contains binary data).")
        self.roll_name = upload.name
        return data

    def clean_polygons_file(self) -> bytes | None:
        upload = self.cleaned_data.get("polygons_file")
        if not upload:
            return None
        data = _read(upload, POLYGON_EXTENSIONS, "a GeoJSON file")
        try:
            doc = json.loads(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            raise forms.ValidationError(f"{upload.name} is not JSON text: GeoJSON is UTF-8 JSON.") from exc
        if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection":
            raise forms.ValidationError(f"{upload.name} is JSON but not a GeoJSON FeatureCollection.")
        self.polygons_name = upload.name
        return data

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.errors and not cleaned.get("roll_file") and not cleaned.get("polygons_file"):
            raise forms.ValidationError("Choose the roll, the polygons, or both to upload.")
        return cleaned
