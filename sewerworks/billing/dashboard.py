"""Billing's dashboard: the latest period, its run and what is held; what the ledger says is billed,
collected and owed, with the posted periods charted; and each role's billing work (I-113): the clerk runs
a period's draft bills and balances the day's receipts, the Superintendent reviews and posts."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from django.db.models import Count, Q
from django.http import HttpRequest
from django.urls import reverse

from sewerworks.billing import pipeline
from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry, Payment
from sewerworks.billing.penalties.sweep import figures
from sewerworks.billing.property.tap import DUTY as TO_BILL
from sewerworks.core.access.roles import BOARD_MEMBER, CLERK, SUPERINTENDENT, WATER_SUPERINTENDENT
from sewerworks.core.documents.charts import Point
from sewerworks.core.models import Job
from sewerworks.core.money import MoneySum
from sewerworks.core.web.dashboard import Panel, WorkItem, dashboard_panel, my_work
from sewerworks.enforcement.choices import DeadlineStatus, Program
from sewerworks.enforcement.models import Deadline

CHARTED = 8  # posted periods on the chart


def posted_totals() -> list[Point]:
    """What each of the last posted periods billed, oldest first, for the chart (Decimal dollars)."""
    rows = (
        Bill.objects.filter(period__status=pipeline.POSTED)
        .exclude(status="void")
        .values("period_id", "period__start", "period__end")
        .annotate(total=MoneySum("total"))
        .order_by("-period__end")[:CHARTED]
    )
    return [
        Point(r["period__end"], r["total"], label=f"{r['period__start']:%Y-%m-%d} – {r['period__end']:%Y-%m-%d}")
        for r in reversed(rows)
    ]


@dashboard_panel(roles=[CLERK, SUPERINTENDENT, WATER_SUPERINTENDENT, BOARD_MEMBER])
def billing_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("billing.view_billing"):
        return None
    period = BillingPeriod.objects.select_related("area").order_by("-end", "-id").first()
    ledger = LedgerEntry.objects.aggregate(
        owed=MoneySum("amount"),
        billed=MoneySum("amount", filter=Q(kind=LedgerKind.CHARGE)),
        paid=MoneySum("amount", filter=Q(kind=LedgerKind.PAYMENT)),
    )
    context: dict[str, object] = {"period": period, "owed": ledger["owed"], "billed": ledger["billed"]}
    context["collected"] = -ledger["paid"]  # payments are credits on the ledger
    context.update(figures())  # unpaid and penalised bills (§118-53)
    context["chart"] = posted_totals()
    if period is not None:
        bills = Bill.objects.filter(period=period).exclude(status="void")
        context.update(
            bills.aggregate(count=Count("id"), total=MoneySum("total"), held=Count("id", filter=Q(basis="held")))
        )
        context["job"] = (
            Job.objects.filter(kind="bill_run", task_kwargs__period_id=period.pk).order_by("-created_at", "-id").first()
        )
    return Panel("Billing", "billing/_dashboard_panel.html", context, order=30)


def _period_item(period: BillingPeriod, title: str, action: str, anchor: str = "") -> WorkItem:
    return WorkItem(
        title=title, subject=period.name, action=action, program=Program.BILLING.label, section="118-51",
        url=reverse("billing:period_detail", args=[period.pk]) + anchor, due_on=period.bill_date,
        note=f"Bills dated {period.bill_date:%b %-d}",
    )  # fmt: skip


@my_work(roles=[CLERK])
def clerk_billing_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Draft periods with no bills yet (the run is the clerk's), connection charges still to bill, and the day's
    receipts the user took."""
    drafts = (
        BillingPeriod.objects.filter(status=pipeline.DRAFT)
        .select_related("area")
        .annotate(bill_count=Count("bills", filter=~Q(bills__status="void")))
    )
    for period in drafts.filter(bill_count=0).order_by("bill_date", "id"):
        yield _period_item(period, "Run the draft bills", "Open the period to run it")
    # a tap the Board's schedule could not price: the connection charge still to bill (§118-54, I-123)
    owed = Deadline.objects.filter(duty=TO_BILL, status__in=[DeadlineStatus.OPEN, DeadlineStatus.OVERDUE])
    for d in owed.select_related("parcel").order_by("due_on", "id"):
        yield WorkItem(
            title=d.title, subject=d.subject_label, action="Bill the connection charge", program=Program.BILLING.label,
            url=reverse("billing:connection_new", args=[d.parcel_id]), due_on=d.due_on, section="118-54",
            note="The Board's schedule could not price the tap when it was recorded",
        )  # fmt: skip
    taken = Payment.objects.filter(received_on=today, received_by=user, reversed_on__isnull=True).count()
    if taken:
        yield WorkItem(
            title=f"Balance the day's receipts ({taken} payment{'s' if taken != 1 else ''} taken)",
            subject=f"Receipts of {today:%B %-d}", action="Balance the receipts", program=Program.BILLING.label,
            url=reverse("billing:day_receipts") + "?mine=1", due_on=today, section="118-53",
        )  # fmt: skip


@my_work(roles=[SUPERINTENDENT])
def superintendent_billing_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Draft periods the run has billed await review (exceptions first); reviewed ones await posting."""
    periods = BillingPeriod.objects.filter(status__in=[pipeline.DRAFT, pipeline.REVIEWED]).select_related("area")
    periods = periods.annotate(bill_count=Count("bills", filter=~Q(bills__status="void")))
    for period in periods.order_by("bill_date", "id"):
        if period.status == pipeline.REVIEWED:
            yield _period_item(period, "Post the reviewed bills to the ledger", "Post the period")
        elif period.bill_count:  # type: ignore[attr-defined]
            yield _period_item(period, "Review the draft bills, exceptions first", "Review the period", "#exc-h")
