"""Billing's dashboard panel: the latest period, its run and what is held; what the ledger says is owed."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpRequest

from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.billing.penalties import figures
from sewerworks.core.dashboard import Panel, dashboard_panel
from sewerworks.core.models import Job
from sewerworks.core.money import MoneySum


@dashboard_panel
def billing_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("billing.view_billing"):
        return None
    period = BillingPeriod.objects.select_related("area").order_by("-end", "-id").first()
    context: dict[str, object] = {"period": period, "owed": LedgerEntry.objects.aggregate(t=MoneySum("amount"))["t"]}
    context.update(figures())  # unpaid and penalised bills (§118-53)
    if period is not None:
        bills = Bill.objects.filter(period=period).exclude(status="void")
        context.update(
            bills.aggregate(count=Count("id"), total=MoneySum("total"), held=Count("id", filter=Q(basis="held")))
        )
        context["job"] = (
            Job.objects.filter(kind="bill_run", task_kwargs__period_id=period.pk).order_by("-created_at", "-id").first()
        )
    return Panel("Billing", "billing/_dashboard_panel.html", context, order=30)
