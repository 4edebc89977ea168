"""The billing period screens: the list (open a period), the period (its run, exceptions first, review,
post) under /billing/."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from sewerworks.billing import actions
from sewerworks.billing.choices import Flag
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent, Job
from sewerworks.core.money import MoneySum
from sewerworks.registry.models import ImprovementArea

EXCEPTIONS = [Flag.HELD, Flag.ESTIMATE, Flag.DEFECTIVE, Flag.ROLLOVER, Flag.SURCHARGE, Flag.ZERO_USE, Flag.WASH]


class OpenPeriodForm(forms.Form):
    end = forms.DateField(
        label="Last day of the period",
        help_text="A day the §118-51 calendar ends a period on.",
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    area = forms.ModelChoiceField(
        ImprovementArea.objects.all(), required=False, label="Sewer Improvement Area", empty_label="All accounts"
    )


@permission_required("billing.view_billing", raise_exception=True)
def period_list(request: HttpRequest) -> HttpResponse:
    form = OpenPeriodForm(request.POST or None)
    if request.method == "POST":
        require(request.user, "billing.open_period", "open a billing period")
        if form.is_valid():
            try:
                period = actions.do_open_period(
                    form.cleaned_data["end"], area=form.cleaned_data["area"], acting_user=request.user
                )
            except ValidationError as exc:
                for field, errors in exc.message_dict.items():
                    form.add_error(field if field in form.fields else None, errors)
            else:
                messages.success(request, f"Billing period {period.name} opened.")
                return redirect("billing:period_detail", period.pk)
    periods = BillingPeriod.objects.select_related("area").order_by("-end", "-pk").annotate(
        bill_count=Count("bills", filter=~Q(bills__status="void")),
        billed=MoneySum("bills__total", filter=~Q(bills__status="void")),
    )
    return render(
        request,
        "billing/period_list.html",
        {"periods": periods, "form": form, "can_open": request.user.has_perm("billing.open_period")},
    )


def _last_job(period: BillingPeriod) -> Job | None:
    return Job.objects.filter(kind="bill_run", task_kwargs__period_id=period.pk).order_by("-created_at", "-id").first()


@permission_required("billing.view_billing", raise_exception=True)
def period_detail(request: HttpRequest, pk: int) -> HttpResponse:
    period = get_object_or_404(BillingPeriod.objects.select_related("area"), pk=pk)
    bills = Bill.objects.filter(period=period).exclude(status="void")
    shown = request.GET.get("flag", "")
    counts = [(f, f.label, bills.filter(flags__contains=f.value).count()) for f in EXCEPTIONS]
    listed = bills.filter(flags__contains=shown) if shown in Flag.values else bills.exclude(flags="")
    page = Paginator(listed.select_related("account", "parcel").order_by("account__account_number"), 50).get_page(
        request.GET.get("page")
    )
    user = request.user
    context = {
        "period": period,
        "summary": bills.aggregate(
            count=Count("id"), total=MoneySum("total"), posted=Count("id", filter=Q(status="posted"))
        ),
        "counts": counts,
        "shown": shown,
        "page": page,
        "job": _last_job(period),
        "changes": history(period),
        "exceptions": ", ".join(f"{n} {f.value.replace('_', ' ')}" for f, _, n in counts if n) or "none",
        "can_run": user.has_perm("billing.run_bills") and period.status not in ("posted", "posting"),
        # the Water District's read file, on the import screens (billing.imports.reads)
        "can_import": user.has_perm("registry.add_meterread") and period.status not in ("posted", "posting"),
        "can_review": user.has_perm("billing.review_period") and period.status == "draft",
        # a posting that stopped is finished from here too (I-108)
        "can_post": user.has_perm("billing.post_period") and period.status in ("reviewed", "posting"),
        "today": dt.date.today(),
    }
    return render(request, "billing/period_detail.html", context)


def history(period: BillingPeriod) -> list[dict[str, Any]]:
    """The period's history: its status changes, and its bill runs and read imports (from their audit records),
    oldest first, each said in words."""
    out: list[dict[str, Any]] = [
        {"at": c.event_at, "note": c.recorded_note, "what": f"{c.from_status or '—'} → {c.to_status}: {c.why}",
         "by": c.by} for c in period.status_changes.select_related("by")
    ]  # fmt: skip
    events = AuditEvent.objects.filter(action__in=("bill_run", "import_reads"), detail__period=period.pk)
    for event in events.select_related("actor"):
        out.append({"at": event.at, "note": "", "what": _said(event), "by": event.actor})
    return sorted(out, key=lambda h: h["at"])


def _said(event: AuditEvent) -> str:
    d = event.detail
    if event.action == "bill_run":
        total = Decimal(int(d.get("total_cents", 0))).scaleb(-2)
        return f"Bill run: {event.rows:,} draft bill{'' if event.rows == 1 else 's'}, ${total:,.2f}"
    n = int(d.get("new", event.rows))
    return f"Reads imported ({d.get('file_name', '')}): {n:,} read{'' if n == 1 else 's'}" + (
        f", {d['rejected']} rejected" if d.get("rejected") else "")  # fmt: skip


def _act(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    period = get_object_or_404(BillingPeriod, pk=pk)
    if what in ("review", "post") and not request.POST.get("confirm"):
        messages.error(request, f"Nothing {'reviewed' if what == 'review' else 'posted'}: open the exceptions first, "
                       "then tick the box to confirm.")  # fmt: skip
        return redirect("billing:period_detail", period.pk)
    try:
        if what == "run":
            actions.do_start_bill_run(period, acting_user=request.user)
            messages.success(request, "The bill run has started; its progress is shown below.")
        elif what == "review":
            actions.do_review_period(period, acting_user=request.user, why=request.POST.get("why", "")[:200])
            messages.success(request, "The draft is marked reviewed.")
        else:
            result = actions.do_post_period(period, acting_user=request.user)
            messages.success(request, result.message)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("billing:period_detail", period.pk)


@require_POST
@permission_required("billing.run_bills", raise_exception=True)
def period_run(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, "run")


@require_POST
@permission_required("billing.review_period", raise_exception=True)
def period_review(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, "review")


@require_POST
@permission_required("billing.post_period", raise_exception=True)
def period_post(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, "post")
