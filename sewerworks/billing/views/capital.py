"""The capital charge of a tax year (§118-49, 51, 52; I-28): the years computed, a run, a year's totals per area,
what it could not charge (and the clerk's exclusions), and the export for the town's tax statement."""

from __future__ import annotations

import io
import tempfile

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Max
from django.http import FileResponse, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from sewerworks.billing.capital.export import do_write_capital_charge
from sewerworks.billing.capital.run import (
    capital_year,
    default_tax_year,
    do_exclude_capital_issue,
    do_run_capital_charge,
    open_issues,
)
from sewerworks.billing.models import CapitalCharge, CapitalChargeIssue
from sewerworks.billing.views.property import refused
from sewerworks.billing.views.property_forms import CapitalRunForm, ExcludeForm


@permission_required("billing.view_billing", raise_exception=True)
def capital_list(request: HttpRequest) -> HttpResponse:
    form = CapitalRunForm(request.POST or None, initial={"tax_year": default_tax_year()})
    if request.method == "POST":
        if not request.user.has_perm("billing.run_capital_charge"):
            return HttpResponse(status=403)
        if form.is_valid():
            year = form.cleaned_data["tax_year"]
            try:
                run = do_run_capital_charge(year, acting_user=request.user)
            except ValidationError as exc:
                refused(form, exc)
            else:
                messages.success(request, f"Capital charge {year}: {run.charged:,} parcels charged by this run.")
                return redirect("billing:capital_year", year)
    years = (
        CapitalCharge.objects.values("tax_year")
        .annotate(n=Count("id"), last=Max("run__started_at"))
        .order_by("-tax_year")
    )
    context = {"form": form, "years": years, "can_run": request.user.has_perm("billing.run_capital_charge")}
    return render(request, "billing/capital_list.html", context)


@permission_required("billing.view_billing", raise_exception=True)
def capital_year_view(request: HttpRequest, year: int) -> HttpResponse:
    found = capital_year(year)
    issues = open_issues(year).select_related("parcel").order_by("parcel__tax_map_sort")[:200]
    excluded = CapitalChargeIssue.objects.filter(tax_year=year, excluded_at__isnull=False).select_related(
        "parcel", "excluded_by"
    )
    context = {
        "year": found,
        "issues": issues,
        "excluded": excluded,
        "exclude_form": ExcludeForm(),
        "can_run": request.user.has_perm("billing.run_capital_charge"),
    }
    return render(request, "billing/capital_year.html", context)


@require_POST
@permission_required("billing.run_capital_charge", raise_exception=True)
def capital_exclude(request: HttpRequest, pk: int) -> HttpResponse:
    issue = get_object_or_404(CapitalChargeIssue, pk=pk)
    try:
        do_exclude_capital_issue(issue, reason=request.POST.get("reason", ""), acting_user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, f"Parcel {issue.parcel.tax_map_number} left out of the {issue.tax_year} export.")
    return redirect("billing:capital_year", issue.tax_year)


@require_POST
@permission_required("billing.run_capital_charge", raise_exception=True)
def capital_export(request: HttpRequest, year: int) -> HttpResponseBase:
    """The year's file for the county in the form asked (per parcel or per levy code); refused, with the reason on
    the year's page, while an issue is open (the print-key issues it finds are recorded there). The file is
    written to a temporary file and streamed from it: a year of a million parcels is never held in memory."""
    spool = tempfile.TemporaryFile()  # noqa: SIM115 - FileResponse closes it once sent
    text = io.TextIOWrapper(spool, encoding="utf-8", newline="")
    try:
        name, _ = do_write_capital_charge(year, request.POST.get("form", ""), text, acting_user=request.user)
    except ValidationError as exc:
        text.close()
        messages.error(request, " ".join(exc.messages))
        return redirect("billing:capital_year", year)
    except BaseException:
        text.close()  # the temporary file goes with it (a refusal by role, a fault)
        raise
    text.flush()
    text.detach()
    spool.seek(0)
    return FileResponse(spool, as_attachment=True, filename=name, content_type="text/csv; charset=utf-8")
