"""The year end in the demo district (§118-53): last year's statement filed, superseded, adopted and relevied on
the 2026 tax roll with its export and the county's settlement; this year's draft for the clerk.

Four households of the spring 2025 period do not pay their bills (``delinquent``): the statement of 2025-09-20 is
filed on Monday 2025-09-22; a check received on 2025-09-18 is entered on 2025-09-24, so the clerk files the
statement again as of 2025-09-30, which supersedes it (the differences listed); the second household pays part on
2025-10-20, before the counter's cut-off; the Board adopts the statement by Res. 2025-112 on 2025-11-10 (the
relevy); the fourth comes off the roll on 2025-11-24 (paid the Town by certified check that day); the export goes
to the county on 2025-12-01 and its settlement comes back on 2026-04-15, reconciled. Every event on its day.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from typing import Any

from sewerworks.billing.actions import do_take_payment
from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement, do_remove_from_roll
from sewerworks.billing.actions.taxroll import do_export_tax_roll, do_record_settlement
from sewerworks.billing.demo.payments import DemoPayments, take_demo_payments
from sewerworks.billing.models import Bill
from sewerworks.billing.taxroll.settlement import reconcile
from sewerworks.core.records.events import story_day
from sewerworks.core.resolutions.actions import do_record_resolution

D = dt.date
SPRING_2025 = D(2025, 4, 30)


def delinquent() -> list[Bill]:
    """The four spring 2025 bills the demo leaves unpaid: the last four residential accounts of the period."""
    bills = Bill.objects.filter(period__end=SPRING_2025, status="posted", total__gt=0, account__contract_user=False,
                                account__user_class="residential")  # fmt: skip
    return list(bills.select_related("account", "parcel").order_by("-account__account_number")[:4])


def _pay(bill: Bill, amount: Any, on: dt.date, clerk: Any, method: str = "check") -> None:
    with story_day(on):
        do_take_payment(bill.account, amount=amount, method=method, reference="" if method == "cash" else "4410",
                        receipt_number=f"{on:%y%m%d}-Y{bill.pk:05d}", received_on=on, acting_user=clerk)  # fmt: skip


def last_year(bills: list[Bill], clerk: Any, write: Callable[[str], None]) -> None:
    """The 2025 year end of ``bills`` (see the module), each step on its own day."""
    if len(bills) < 4:
        write("Year end 2025: fewer than four unpaid spring 2025 bills; nothing relevied.")
        return
    with story_day(D(2025, 9, 22)):
        first = do_file_statement(D(2025, 9, 20), acting_user=clerk, filed_on=D(2025, 9, 22))
    _pay(bills[2], _owed(bills[2]), D(2025, 9, 18), clerk)  # received on 09-18, entered on 09-24
    with story_day(D(2025, 9, 30)):
        statement = do_file_statement(D(2025, 9, 30), acting_user=clerk, filed_on=D(2025, 9, 30))
    _pay(bills[1], "20.00", D(2025, 10, 20), clerk, method="cash")
    with story_day(D(2025, 11, 10)):
        resolution = do_record_resolution(
            instrument="Res. 2025-112", adopted_on=D(2025, 11, 10), effective_on=D(2025, 11, 10), acting_user=clerk,
            title="Unpaid sewer rents of the statement of 2025-09-30 relevied on the 2026 tax roll (§118-53)",
            values=[],
        )  # fmt: skip
        statement = do_adopt_statement(statement, resolution=resolution, adopted_on=D(2025, 11, 10), acting_user=clerk)
    with story_day(D(2025, 11, 24)):
        removal = do_remove_from_roll(statement, bills[3].parcel, removed_on=D(2025, 11, 24), acting_user=clerk,
                                      reason="Paid the Town by certified check on 2025-11-24")  # fmt: skip
    _pay(bills[3], removal.amount, D(2025, 11, 24), clerk)
    with story_day(D(2025, 12, 1)):
        export = do_export_tax_roll(statement, acting_user=clerk, on=D(2025, 12, 1))
    with story_day(D(2026, 4, 15)):
        settlement = do_record_settlement(export, received_on=D(2026, 4, 15), acting_user=clerk,
                                          data=export.file.open("rb").read())  # fmt: skip
    write(f"Year end 2025 (§118-53): statement of {first.statement_date} superseded by that of "
          f"{statement.statement_date} (${statement.total:,.2f}); adopted by {resolution.instrument}, "
          f"${statement.relevied_total:,.2f} on the 2026 roll after one removal; export of {export.rows} parcels, "
          f"settled {'with no difference' if not reconcile(settlement) else 'with differences'}.")  # fmt: skip


def payments_with_the_year_end(*, seed: int, clerk: Any, last_period_end: dt.date, write: Callable[[str], None]
                               ) -> DemoPayments:  # fmt: skip
    """The demo's payments in the order of the story: the spring 2025 bills (but the delinquent four), the 2025
    year end, then the later periods' bills (a payment then settles them, the relevied bill closed to it)."""
    rng = random.Random(seed * 53)
    late = delinquent()
    paid = take_demo_payments(seed=seed, clerk=clerk, last_period_end=last_period_end, ends=[SPRING_2025],
                              unpaid={b.pk for b in late}, rng=rng)  # fmt: skip
    last_year(late, clerk, write)
    later = take_demo_payments(seed=seed, clerk=clerk, last_period_end=last_period_end, rng=rng,
                               ends=list(Bill.objects.filter(period__end__gt=SPRING_2025).values_list(
                                   "period__end", flat=True).distinct()))  # fmt: skip
    return DemoPayments(paid.taken + later.taken, later.partial, later.unpaid)


def _owed(bill: Bill) -> Any:
    from sewerworks.billing.ledger.owed import bills_owed

    return next(b.balance for b in bills_owed(bill.account, on=D(2025, 9, 18)) if b.bill.pk == bill.pk)
