"""The hauler's manifest upload: all rows or none, or the valid rows with a reject file of the others."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from sewerworks.core.access.permissions import require
from sewerworks.core.imports import rejects
from sewerworks.core.imports.runner import do_import

MAX_BYTES = 5 * 1024 * 1024


class ManifestForm(forms.Form):
    file = forms.FileField(label="Manifest (CSV)", widget=forms.ClearableFileInput(attrs={"class": "form-control"}))
    valid_rows_only = forms.BooleanField(
        label="Enter the valid rows and give me a reject file of the others",
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )


def manifest_import(request: HttpRequest) -> HttpResponse:
    require(request.user, "grease.import_manifests", "import a hauler's manifest")
    form = ManifestForm(request.POST or None, request.FILES or None)
    result = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            form.add_error("file", f"A manifest may be at most {MAX_BYTES // (1024 * 1024)} MB.")
        else:
            try:
                result = do_import(
                    "grease-manifest",
                    acting_user=request.user,
                    data=upload.read(),
                    file_name=upload.name[-100:],
                    valid_rows_only=form.cleaned_data["valid_rows_only"],
                )
            except ValidationError as exc:
                form.add_error("file", exc.messages)
    return render(request, "grease/manifest_import.html", {"form": form, "result": result})


def manifest_rejects(request: HttpRequest, run: str) -> FileResponse:
    require(request.user, "grease.import_manifests", "download a manifest's reject file")
    try:
        path = rejects.reject_path(run)
    except ValueError:
        path = None
    if path is None:
        raise Http404("This import has no reject file.")
    return FileResponse(path.open("rb"), as_attachment=True, filename="manifest-rejects.csv", content_type="text/csv")
