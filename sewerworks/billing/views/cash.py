"""The clerk's day and month on screen (§118-53, I-126, I-127): the deposits, the drawer waiting to be closed
(what a deposit of the day would take, by kind and by fund) and the form that closes it; a closed deposit and
its slip; the month's turnover with its deposits, its PDF and CSV, and the button that closes it."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.billing import actions
from sewerworks.billing.cash.deposits import closed_lines, last_deposit_day, pending, summarise
from sewerworks.billing.cash.documents import deposit_slip_pdf, turnover_pdf
from sewerworks.billing.cash.turnover import first_of, month_view, turnover_csv
from sewerworks.billing.models import Deposit, MonthlyTurnover
from sewerworks.billing.views.payments import _day
from sewerworks.core.access.permissions import require
from sewerworks.core.documents.responses import pdf_response

VIEW = "billing.view_billing"


@permission_required(VIEW, raise_exception=True)
def deposits(request: HttpRequest) -> HttpResponse:
    """The drawer waiting for the day's deposit, the form that closes it, and the deposits closed."""
    today = timezone.localdate()
    day, note = _day(request.GET.get("day"), today)
    errors: dict[str, list[str]] = {}
    values = {"cash_counted": "", "difference_reason": ""}
    if request.method == "POST":
        require(request.user, "billing.close_deposit", "close a deposit")
        day, note = _day(request.POST.get("day"), today)
        values = {k: request.POST.get(k, "") for k in values}
        try:
            deposit = actions.do_close_deposit(day, acting_user=request.user, **values)
        except ValidationError as exc:
            errors = exc.message_dict
        else:
            messages.success(
                request,
                f"Deposit {deposit.number} closed: ${deposit.total:,} in {deposit.items.count()} "
                "items. Print the slip.",
            )
            return redirect("billing:deposit_detail", deposit.pk)
    context = {
        "day": day,
        "note": note,
        "today": today,
        "view": summarise(day, pending(day)),
        "last": last_deposit_day(),
        "closed": Deposit.objects.select_related("closed_by")[:30],
        "months": MonthlyTurnover.objects.all()[:12],
        "this_month": first_of(today),
        "errors": errors,
        "values": values,
        "can_close": request.user.has_perm("billing.close_deposit"),
    }
    return render(request, "billing/deposits.html", context, status=422 if errors else 200)


@permission_required(VIEW, raise_exception=True)
def deposit_detail(request: HttpRequest, pk: int) -> HttpResponse:
    deposit = get_object_or_404(Deposit.objects.select_related("closed_by"), pk=pk)
    context = {"deposit": deposit, "view": summarise(deposit.day, closed_lines(deposit))}
    return render(request, "billing/deposit_detail.html", context)


@permission_required(VIEW, raise_exception=True)
def deposit_slip(request: HttpRequest, pk: int) -> HttpResponse:
    deposit = get_object_or_404(Deposit.objects.select_related("closed_by"), pk=pk)
    return pdf_response(deposit_slip_pdf(deposit), f"deposit-{deposit.number}.pdf")


def _month(year: int, month: int) -> dt.date:
    try:
        return dt.date(year, month, 1)
    except ValueError:
        return first_of(timezone.localdate())


@permission_required(VIEW, raise_exception=True)
def turnover_current(request: HttpRequest) -> HttpResponse:
    """The last month: the one the clerk turns over next."""
    last = first_of(first_of(timezone.localdate()) - dt.timedelta(days=1))
    return redirect("billing:turnover", last.year, last.month)


@permission_required(VIEW, raise_exception=True)
def turnover(request: HttpRequest, year: int, month: int) -> HttpResponse:
    first = _month(year, month)
    view = month_view(first)
    previous = (first - dt.timedelta(days=1)).replace(day=1)
    following = (first + dt.timedelta(days=32)).replace(day=1)
    context = {
        "view": view,
        "previous": previous,
        "following": following if following <= timezone.localdate() else None,
        "can_close": request.user.has_perm("billing.close_month") and view.closed is None,
    }
    return render(request, "billing/turnover.html", context)


@permission_required(VIEW, raise_exception=True)
def turnover_document(request: HttpRequest, year: int, month: int) -> HttpResponse:
    first = _month(year, month)
    return pdf_response(turnover_pdf(month_view(first)), f"turnover-{first:%Y-%m}.pdf")


@permission_required(VIEW, raise_exception=True)
def turnover_table(request: HttpRequest, year: int, month: int) -> HttpResponse:
    first = _month(year, month)
    response = HttpResponse(turnover_csv(month_view(first)), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="turnover-{first:%Y-%m}.csv"'
    return response


@require_POST
@permission_required("billing.close_month", raise_exception=True)
def close_month(request: HttpRequest, year: int, month: int) -> HttpResponse:
    first = _month(year, month)
    try:
        done = actions.do_close_month(first, acting_user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, f"{first:%B %Y} closed: ${done.total:,} turned over in {done.deposits} deposits.")
    return redirect("billing:turnover", first.year, first.month)
