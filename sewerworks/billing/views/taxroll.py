"""The county's side of a relevied statement (§118-53, I-121) under /billing/relevy/<id>/export/: the rows the county
cannot take (each resolved in the registry or taken off the roll), the export in a layout, its download, and the
county's settlement (its file, or entered) reconciled per parcel."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.billing.actions.taxroll import do_export_tax_roll, do_record_settlement, sample_layout
from sewerworks.billing.models import CountySettlement, ExportLayout, TaxRollExport, UnpaidStatement
from sewerworks.billing.taxroll.export import county_rows
from sewerworks.billing.taxroll.settlement import reconcile
from sewerworks.billing.views.relevy import DATE, RemoveForm
from sewerworks.core.access.permissions import require


class ExportForm(forms.Form):
    layout = forms.ModelChoiceField(ExportLayout.objects.all(), label="Layout", empty_label=None)


class SettlementForm(forms.Form):
    received_on = forms.DateField(label="Received on", widget=DATE)
    file = forms.FileField(label="The county's file", required=False,
                           help_text="In the export's own layout; or enter the credits below.")  # fmt: skip
    lines = forms.CharField(label="Credits entered", required=False, widget=forms.Textarea(attrs={"rows": 3}),
                            help_text="One a line: print key, amount (e.g. 108.1-1-1, 43.03).")  # fmt: skip


def _context(statement: UnpaidStatement, **given: Any) -> dict[str, Any]:
    sample_layout()
    rows, rejects = county_rows(statement) if statement.status == "relevied" else ([], [])
    settlements = CountySettlement.objects.filter(export__statement=statement).select_related("export", "created_by")
    return {
        "statement": statement,
        "rows": rows[:100],
        "row_count": len(rows),
        "rejects": rejects,
        "exports": TaxRollExport.objects.filter(statement=statement).select_related("layout", "created_by"),
        "settlements": [(s, reconcile(s)) for s in settlements[:10]],
        "export_form": given.get("export_form") or ExportForm(initial={"layout": sample_layout()}),
        "settlement_form": given.get("settlement_form")
        or SettlementForm(initial={"received_on": timezone.localdate()}),
        "remove_form": RemoveForm(initial={"removed_on": timezone.localdate()}),
    }


@permission_required("billing.export_tax_roll", raise_exception=True)
def export_page(request: HttpRequest, pk: int) -> HttpResponse:
    statement = get_object_or_404(UnpaidStatement, pk=pk)
    return render(request, "billing/relevy_export.html", _context(statement))


@require_POST
@permission_required("billing.export_tax_roll", raise_exception=True)
def export_write(request: HttpRequest, pk: int) -> HttpResponse:
    statement = get_object_or_404(UnpaidStatement, pk=pk)
    form = ExportForm(request.POST)
    if form.is_valid():
        try:
            export = do_export_tax_roll(statement, layout=form.cleaned_data["layout"], acting_user=request.user)
        except ValidationError as exc:
            form.add_error(None, exc.messages)
        else:
            messages.success(request, f"Export {export.pk} written: {export.rows} parcels, ${export.total:,.2f}.")
            return redirect("billing:relevy_export", statement.pk)
    return render(request, "billing/relevy_export.html", _context(statement, export_form=form), status=422)


@require_POST
@permission_required("billing.export_tax_roll", raise_exception=True)
def settlement_record(request: HttpRequest, pk: int) -> HttpResponse:
    export = get_object_or_404(TaxRollExport.objects.select_related("statement"), pk=pk)
    require(request.user, "billing.export_tax_roll", "record the county's settlement")
    form = SettlementForm(request.POST, request.FILES)
    if form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            lines = [tuple(p.strip() for p in row.split(",", 1)) for row in form.cleaned_data["lines"].splitlines()
                     if row.strip()]  # fmt: skip
            if any(len(line) != 2 for line in lines):
                raise ValidationError({"lines": "Each line is a print key, a comma and an amount."})
            if upload is None and not lines:
                raise ValidationError({"file": "Upload the county's file, or enter its credits."})
            settlement = do_record_settlement(export, received_on=form.cleaned_data["received_on"],
                                              acting_user=request.user, data=upload.read() if upload else None,
                                              lines=lines)  # fmt: skip
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            differences = reconcile(settlement)
            messages.success(request, f"Settlement recorded: ${settlement.total:,.2f}; "
                             f"{len(differences) or 'no'} difference{'s' if len(differences) != 1 else ''}.")
            return redirect("billing:relevy_export", export.statement_id)
    context = _context(export.statement, settlement_form=form)
    return render(request, "billing/relevy_export.html", context, status=422)
