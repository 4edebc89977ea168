"""The clerk's cash and the Board's review in the demo district (§118-50, §118-53, I-126..I-129), after the
billing demo's periods and payments, every event on its own day, none after the demo's today:

- a deposit closed for every day the Clerk took money, the last week's business days with counter payments of
  their own (advance payments toward the autumn bill; one day a dollar short, explained);
- every month through November 2026 turned over to the Supervisor and closed; December open, its drawer holding
  today's payments and the reversal of a check the bank returned (with the $20.00 fee the Board resolved);
- an adjustment approved (a penalty waived), one refused by the Superintendent, one waiting for approval;
- a credit refunded: authorised, audited by the Board, paid by the Supervisor;
- the Board's 2026 budgets per area, and the 2026 rate review in draft with three candidates.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from sewerworks.billing import actions
from sewerworks.billing.actions.adjustments import still_owed
from sewerworks.billing.cash.deposits import pending
from sewerworks.billing.cash.turnover import first_of
from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry, Payment
from sewerworks.billing.review.rate_review import review_figures
from sewerworks.core.demo import DEMO_BUILDERS, told_on
from sewerworks.core.records.events import story_day
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution
from sewerworks.ordinance.deadlines import is_business_day
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import ImprovementArea, SewerAccount

D = dt.date
ZERO = Decimal("0.00")


def _at(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time(hour, minute)))


def _relevied(field: str) -> Any:
    """The bills (``bill_id``) or accounts (``account_id``) the 2025 year end moved to the tax roll (demo.relevy)."""
    return LedgerEntry.objects.filter(kind=LedgerKind.RELEVY_TRANSFER).values(field)


def _quiet_accounts() -> list[SewerAccount]:
    """Accounts in an area that owe nothing (not the demo's partly paid and unpaid ones, which keep their state, nor
    those of the 2025 year end, whose bills the counter no longer takes once relevied: demo.relevy)."""
    owing = Bill.objects.filter(ledgerentry__kind="penalty").values("account_id")
    relevied = _relevied("account_id")
    inside = SewerAccount.objects.filter(parcel__improvement_area__isnull=False)
    return list(inside.exclude(pk__in=owing).exclude(pk__in=relevied).order_by("pk")[:400])


def _close(day: dt.date, clerk: User, short: bool = False) -> int:
    """Close the day's deposit with the cash counted as it is (or a dollar short, explained)."""
    lines = pending(day)
    if not lines:
        return 0
    cash = sum((ln.amount for ln in lines if ln.method == "cash"), ZERO)
    counted, why = (cash - 1, "A dollar given in change twice at the window") if short and cash >= 1 else (cash, "")
    with story_day(_at(day, 16, 30)):
        actions.do_close_deposit(day, cash_counted=max(counted, ZERO), difference_reason=why, acting_user=clerk)
    return 1


def _last_week() -> list[dt.date]:
    days = [DEMO_TODAY - dt.timedelta(days=n) for n in range(7, 0, -1)]
    return [d for d in days if is_business_day(d)]


def _counter_payments(days: list[dt.date], clerk: User, rng: random.Random) -> list[Payment]:
    """Advance payments toward the autumn bill at the window, two or three a business day."""
    accounts = _quiet_accounts()
    taken = []
    methods = ("cash", "check", "check", "card")
    for day in days:
        for n in range(rng.randint(2, 3)):
            method = methods[(day.day + n) % len(methods)]
            reference = {"cash": "", "check": str(rng.randint(1001, 9999)), "card": f"card ending {n}{day.day:03d}"}
            with story_day(_at(day, 10 + n, 15)):
                taken.append(
                    actions.do_take_payment(
                        rng.choice(accounts),
                        amount=Decimal(rng.randint(3_000, 9_000)).scaleb(-2),
                        method=method,
                        reference=reference[method],
                        receipt_number=f"{day:%y%m%d}-W{n + 1:02d}",
                        received_on=day,
                        payer="",
                        acting_user=clerk,
                    ).payment
                )
    return taken


def _corrections(clerk: User, sam: User, week: list[dt.date]) -> str:
    """A penalty waived (approved), one refused, a charge adjustment waiting."""
    relevied = _relevied("bill_id")  # the counter no longer takes them
    candidates = (Bill.objects.filter(status="posted", ledgerentry__kind="penalty").exclude(pk__in=relevied)
                  .distinct().order_by("pk")[:60])  # fmt: skip
    # a penalty still owed whole (an adjustment lowers what is owed, never what was paid, I-128), and for the
    # second, the $12.00 of its charge adjusted below
    penalised = [b for b in candidates if still_owed(b, "penalty", week[0]) >= _penalty(b) > 0
                 and still_owed(b, "charge", week[0]) >= Decimal("12.00")][:2]  # fmt: skip
    if len(penalised) < 2:
        return "no penalised bills to adjust"
    first, second = penalised
    with story_day(week[0]):
        waived = actions.do_make_adjustment(
            first,
            part="penalty",
            amount=-_penalty(first),
            reason="penalty_error",
            acting_user=clerk,
            on=week[0],
            explanation="Second half mailed before the penalty date (postmark seen); delivered late by the post",
        )
        refused = actions.do_make_adjustment(
            second,
            part="penalty",
            amount=-_penalty(second),
            reason="other",
            acting_user=clerk,
            on=week[0],
            explanation="Owner says the bill never arrived",
        )
    with story_day(week[1]):
        actions.do_approve_adjustment(waived, acting_user=sam, note="Postmark checked", on=week[1])
        actions.do_refuse_adjustment(refused, acting_user=sam, note="Mailed to the owner of record: no waiver")
    with story_day(week[-1]):
        actions.do_make_adjustment(
            second,
            part="charge",
            amount="-12.00",
            reason="dispute",
            acting_user=clerk,
            on=week[-1],
            explanation="Leak repaired in March: the Superintendent to decide the abatement",
        )
    return "a penalty waived, one refused, a charge adjustment waiting"


def _penalty(bill: Bill) -> Decimal:
    return sum((e.amount for e in bill.ledgerentry_set.filter(kind="penalty")), ZERO)


def _refund(payments: list[Payment], clerk: User, sam: User, week: list[dt.date]) -> str:
    """The first advance payment's credit refunded to the payer: the house was sold."""
    payment = payments[0]
    account = payment.account
    with story_day(week[1]):
        refund = actions.do_authorise_refund(
            account,
            amount=payment.amount,
            payee="Estate of the former owner",
            acting_user=sam,
            on=week[1],
            note="House sold: credit returned",
        )
    with story_day(week[2]):
        actions.do_record_refund_audit(
            refund, audited_on=week[2], claim_number="2026-1187", abstract="Abstract 23", acting_user=clerk
        )
    with story_day(week[-1]):
        actions.do_record_refund_paid(refund, paid_on=week[-1], supervisor_check="20418", acting_user=clerk)
    return f"${refund.amount:,} refunded to account {account.account_number}"


def _review(clerk: User, sam: User) -> str:
    """The Board's 2026 budgets (a little above a year of the spring period's charges) and the draft review."""
    spring = BillingPeriod.objects.filter(status="posted").order_by("-end").first()
    if spring is None:
        return "no posted period to review"
    with story_day(D(2025, 11, 18)):
        budget = do_record_resolution(
            instrument="Res. 2025-141",
            adopted_on=D(2025, 11, 18),
            effective_on=D(2026, 1, 1),
            acting_user=clerk,
            title="Annual budget 2026: Marlborough and Milton Sewer Improvement Areas, operation and maintenance",
            values=[],
        )
    with story_day(D(2026, 11, 17)):
        review = actions.do_open_review(fiscal_year=2026, period=spring, acting_user=sam, on=D(2026, 11, 17))
        candidates = [
            ("$0.0035 (in force since July)", "0.0035", "10.00"),
            ("$0.0038 and a $12 minimum", "0.0038", "12.00"),
            ("$0.0042", "0.0042", "10.00"),
        ]
        for label, rate, minimum in candidates:
            actions.do_add_candidate(
                review, label=label, rate_per_gallon=rate, minimum_charge=minimum, minimum_gallons=5000, acting_user=sam
            )
    figures = review_figures(spring, [], 2026)
    with story_day(D(2025, 11, 20)):
        for area in figures.areas:
            if area.fund.id is None:
                continue
            cost = (area.annual_billed * Decimal("1.12") / 1000).quantize(Decimal(1)) * 1000
            actions.do_enter_budget(
                area=ImprovementArea.objects.get(pk=area.fund.id),
                fiscal_year=2026,
                amount=cost,
                resolution=budget,
                acting_user=clerk,
            )
    return f"the 2026 rate review in draft on {spring.name}, three candidates"


@told_on(DEMO_TODAY)
def build(*, seed: int, write: Callable[[str], None], **_: Any) -> None:
    clerk = User.objects.filter(username="clerk").first()
    sam = User.objects.filter(username="superintendent").first()
    if clerk is None or sam is None or not Payment.objects.exists():
        write("The clerk's cash: no billing demo to build on; nothing written.")
        return
    rng = random.Random(seed * 34)
    with story_day(D(2026, 7, 20)):
        do_record_resolution(
            instrument="Res. 2026-77",
            adopted_on=D(2026, 7, 20),
            effective_on=D(2026, 8, 1),
            acting_user=clerk,
            title="Returned-check fee: $20.00 (General Obligations Law §5-328)",
            values=[ProposedValue("charges.returned_check_fee", "20.00")],
        )
    week = _last_week()
    history = sorted(set(Payment.objects.filter(received_on__lt=week[0]).values_list("received_on", flat=True)))
    deposits = sum(_close(day, clerk) for day in history)
    taken = _counter_payments(week, clerk, rng)
    short = next((d for d in week if any(ln.method == "cash" and ln.day == d for ln in pending(d))), None)
    deposits += sum(_close(day, clerk, short=day == short) for day in week)
    months = 0
    month = first_of(min(history or week))
    while month < first_of(DEMO_TODAY):
        with story_day(_at(first_of(month + dt.timedelta(days=32)), 9)):
            actions.do_close_month(month, acting_user=clerk)
        months += 1
        month = first_of(month + dt.timedelta(days=32))
    said = [_corrections(clerk, sam, week), _refund(taken, clerk, sam, week)]
    check = next(p for p in taken[1:] if p.method == "check")
    with story_day(DEMO_TODAY):
        actions.do_reverse_payment(
            check,
            acting_user=sam,
            reason="Check returned by the bank",
            on=DEMO_TODAY,
            returned=actions.BankReturn("RI-2026-1130-07", "NSF: insufficient funds"),
        )
        for n, method in enumerate(("cash", "check")):
            account = _quiet_accounts()[-1 - n]
            actions.do_take_payment(
                account,
                amount="45.00",
                method=method,
                reference="" if method == "cash" else "5120",
                receipt_number=f"{DEMO_TODAY:%y%m%d}-W{n + 1:02d}",
                received_on=DEMO_TODAY,
                acting_user=clerk,
            )
    said.append(_review(clerk, sam))
    write(
        f"The clerk's cash: {deposits} deposits closed, {months} months turned over and closed, the drawer of "
        f"{DEMO_TODAY} open; check {check.reference} returned ($20.00 fee on the next bill); " + "; ".join(said) + "."
    )


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
