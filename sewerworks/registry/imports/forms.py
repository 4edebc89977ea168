"""The upload form: the roll (CSV) and/or the parcel polygons (GeoJSON), checked for size and type."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from sewerworks.core.imports.forms import decode_csv_upload, read_upload

ROLL_EXTENSIONS = (".csv",)
POLYGON_EXTENSIONS = (".geojson", ".json")


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
        data = read_upload(upload, ROLL_EXTENSIONS, "a CSV file")
        decode_csv_upload(upload, data, "the roll")
        self.roll_name = upload.name
        return data

    def clean_polygons_file(self) -> bytes | None:
        upload = self.cleaned_data.get("polygons_file")
        if not upload:
            return None
        data = read_upload(upload, POLYGON_EXTENSIONS, "a GeoJSON file")
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
