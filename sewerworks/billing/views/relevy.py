"""The year end's screens (§118-53) under /billing/relevy/: the statements, the draft with its exclusions (file it),
a statement (its documents, differences, notices, the Board's adoption, the relevy's differences, removals)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.billing.actions.notices import do_start_notice_batch
from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement, do_remove_from_roll
from sewerworks.billing.models import MailingOrder, NoticeBatch, StatementLine, UnpaidStatement
from sewerworks.billing.taxroll.differences import differences, relevy_differences
from sewerworks.billing.taxroll.statement import draft
from sewerworks.billing.taxroll.terms import statement_day, terms_for
from sewerworks.core.access.permissions import require
from sewerworks.core.models import BoardResolution
from sewerworks.registry.models import Parcel

DATE = forms.DateInput(attrs={"type": "date"})


class DraftForm(forms.Form):
    on = forms.DateField(label="Statement date", widget=DATE,
                         help_text="Unpaid at the end of this day (§118-53; Town Law §104: 20 September).")  # fmt: skip


class AdoptForm(forms.Form):
    resolution = forms.ModelChoiceField(BoardResolution.objects.all(), label="Adopted by (recorded resolution)")
    adopted_on = forms.DateField(label="Adopted on", widget=DATE)


class RemoveForm(forms.Form):
    tax_map_number = forms.CharField(label="Tax map number", max_length=40)
    reason = forms.CharField(label="Reason", max_length=300)
    removed_on = forms.DateField(label="Removed on", widget=DATE)


def _errors(form: forms.Form, exc: ValidationError) -> None:
    for field, errors in exc.message_dict.items():
        form.add_error(field if field in form.fields else None, errors)


def default_statement_date(today: dt.date) -> dt.date:
    """This year's statement day if it has come, else last year's (I-120)."""
    this_year = statement_day(today.year)
    return this_year if this_year <= today else statement_day(today.year - 1)


@permission_required("billing.view_billing", raise_exception=True)
def statement_list(request: HttpRequest) -> HttpResponse:
    """The statements filed, newest first, and the draft of a day."""
    form = DraftForm(initial={"on": default_statement_date(timezone.localdate())})
    statements = UnpaidStatement.objects.select_related("resolution", "filed_by")[:50]
    return render(request, "billing/relevy_list.html", {"form": form, "statements": statements})


@permission_required("billing.view_billing", raise_exception=True)
def statement_draft(request: HttpRequest) -> HttpResponse:
    """The draft statement of a day, with every exclusion and its reason; the clerk files it (POST)."""
    form = DraftForm(request.POST or request.GET or None)
    preview = None
    if form.is_valid():
        day = form.cleaned_data["on"]
        try:
            if request.method == "POST":
                require(request.user, "billing.file_statement", "file the statement of unpaid sewer rents")
                filed = do_file_statement(day, acting_user=request.user)
                messages.success(request, f"The statement of {day} is filed with the Town Board: "
                                 f"{filed.parcels} properties, ${filed.total:,.2f}.")  # fmt: skip
                return redirect("billing:relevy_statement", filed.pk)
            if day > timezone.localdate():
                raise ValidationError({"on": f"{day} is after today: a statement is of a day that has ended (I-50)."})
            preview = draft(terms_for(day))
        except ValidationError as exc:
            _errors(form, exc)
    may_file = request.user.has_perm("billing.file_statement")
    return render(request, "billing/relevy_draft.html", {"form": form, "draft": preview, "may_file": may_file})


def _statement_context(request: HttpRequest, statement: UnpaidStatement, **forms_: Any) -> dict[str, Any]:
    lines = StatementLine.objects.filter(statement=statement).select_related("area").order_by(
        "parcel__tax_map_sort", "tax_map_number", "bill_id")[:200]  # fmt: skip
    user = request.user
    return {
        "statement": statement,
        "lines": lines,
        "superseded_by": UnpaidStatement.objects.filter(supersedes=statement).first(),
        "changes": list(differences(statement.supersedes, statement))[:200] if statement.supersedes else [],
        "relevy_changes": list(relevy_differences(statement))[:200] if statement.status == "relevied" else [],
        "removals": statement.removals.select_related("parcel", "created_by"),
        "batches": NoticeBatch.objects.filter(statement=statement).select_related("job", "created_by")[:5],
        "adopt_form": forms_.get("adopt_form") or AdoptForm(initial={"adopted_on": timezone.localdate()}),
        "remove_form": forms_.get("remove_form") or RemoveForm(initial={"removed_on": timezone.localdate()}),
        "may_adopt": user.has_perm("billing.record_relevy"),  # type: ignore[union-attr]
        "may_print": user.has_perm("billing.print_bills"),  # type: ignore[union-attr]
        "may_export": user.has_perm("billing.export_tax_roll"),  # type: ignore[union-attr]
        "orders": MailingOrder.choices,
    }


@permission_required("billing.view_billing", raise_exception=True)
def statement_detail(request: HttpRequest, pk: int) -> HttpResponse:
    statement = get_object_or_404(UnpaidStatement.objects.select_related("resolution", "filed_by", "supersedes"), pk=pk)
    return render(request, "billing/relevy_statement.html", _statement_context(request, statement))


@require_POST
@permission_required("billing.view_billing", raise_exception=True)
def statement_adopt(request: HttpRequest, pk: int) -> HttpResponse:
    """The Board's adoption recorded by the clerk: the relevy."""
    require(request.user, "billing.record_relevy", "record the Board's adoption and the relevy")
    statement = get_object_or_404(UnpaidStatement, pk=pk)
    form = AdoptForm(request.POST)
    if form.is_valid():
        try:
            done = do_adopt_statement(statement, resolution=form.cleaned_data["resolution"],
                                      adopted_on=form.cleaned_data["adopted_on"], acting_user=request.user)  # fmt: skip
        except ValidationError as exc:
            _errors(form, exc)
        else:
            moved = f"${done.relevied_total:,.2f} relevied to the {done.roll_year} tax roll"
            messages.success(request, f"Adopted: {moved}.")
            return redirect("billing:relevy_statement", statement.pk)
    context = _statement_context(request, statement, adopt_form=form)
    return render(request, "billing/relevy_statement.html", context, status=422)


@require_POST
@permission_required("billing.view_billing", raise_exception=True)
def statement_remove(request: HttpRequest, pk: int) -> HttpResponse:
    """A parcel taken off the roll before certification (counter-entries)."""
    require(request.user, "billing.record_relevy", "remove a parcel from the tax roll")
    statement = get_object_or_404(UnpaidStatement, pk=pk)
    form = RemoveForm(request.POST)
    if form.is_valid():
        parcel = Parcel.objects.filter(tax_map_number=form.cleaned_data["tax_map_number"].strip()).first()
        try:
            if parcel is None:
                raise ValidationError({"tax_map_number": "No parcel has that tax map number."})
            removal = do_remove_from_roll(statement, parcel, reason=form.cleaned_data["reason"],
                                          removed_on=form.cleaned_data["removed_on"], acting_user=request.user)
        except ValidationError as exc:
            _errors(form, exc)
        else:
            messages.success(request, f"{parcel.tax_map_number} is off the {statement.roll_year} roll: "
                             f"${removal.amount:,.2f} is owed at the counter again.")  # fmt: skip
            where = "billing:relevy_export" if request.POST.get("next") == "export" else "billing:relevy_statement"
            return redirect(where, statement.pk)
    context = _statement_context(request, statement, remove_form=form)
    return render(request, "billing/relevy_statement.html", context, status=422)


@require_POST
@permission_required("billing.print_bills", raise_exception=True)
def statement_notices(request: HttpRequest, pk: int) -> HttpResponse:
    """Start the notices before relevy (a job; its progress shows on the statement's page)."""
    statement = get_object_or_404(UnpaidStatement, pk=pk)
    try:
        batch = do_start_notice_batch(statement, order=request.POST.get("order", MailingOrder.ROUTE),
                                      acting_user=request.user)  # fmt: skip
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, f"Notice batch {batch.pk} has started; its progress is shown below.")
    return redirect("billing:relevy_statement", statement.pk)


@permission_required("billing.print_bills", raise_exception=True)
def notice_progress(request: HttpRequest, pk: int) -> HttpResponse:
    batch = get_object_or_404(NoticeBatch.objects.select_related("job", "created_by"), pk=pk)
    return render(request, "billing/_notice_batch.html", {"batch": batch, "may_print": True})
