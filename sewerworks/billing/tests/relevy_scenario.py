"""The year end's worked examples, built through the actions (§118-53): five accounts of the Hamlet of
Marlborough with spring 2026 bills dated 2026-04-10 (due 2026-05-01, penalty date Monday 2026-05-11, I-20):

- **A** (108.1-1-1, SMITH JOHN): $57.30, $20.00 paid on 2026-04-20: on the statement $37.30 + $5.73 = $43.03;
- **B** (108.2-1-1, JONES MARY): $41.90 unpaid: $46.09 on the statement; $30.00 paid on 2026-10-15, after the
  statement and before the cut-off ($4.19 penalty, $25.81 charge): $16.09 relevied;
- **C** (108.3-1-1, BROWN PAT): $80.00 paid by check on 2026-05-05, the check returned after the penalty date:
  the reversal is dated as the payment (I-65), so $8.00 penalty: $88.00;
- **D** (108.4-1-1, HUDSON ANNA): $60.00 unpaid, sold to ORCHARD LLC on 2026-10-01, after the statement: the
  statement names HUDSON ANNA, $66.00;
- **E** (108.5-1-1, LEE SAM): a bill of 2026-09-01 (due 2026-09-22, penalty date 2026-10-01): not past it on
  2026-09-20, left out.

The statement of 2026-09-20 then comes to $243.12 for four properties ($43.03 + $46.09 + $88.00 + $66.00);
adopted on 2026-11-10 (Resolution 2026-88), $213.12 moves to the 2027 tax roll.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sewerworks.billing.actions import do_reverse_payment, do_take_payment
from sewerworks.billing.models import Bill, Payment
from sewerworks.billing.penalties.sweep import apply_late_penalties
from sewerworks.billing.tests.ledger_helpers import posted_bill
from sewerworks.core.models import BoardResolution
from sewerworks.registry.actions import do_transfer_ownership
from sewerworks.registry.models import ImprovementArea, Owner, SewerAccount
from sewerworks.registry.tests import factories as f

D = dt.date
SPRING, SPRING_DUE = D(2026, 4, 10), D(2026, 5, 1)
STATEMENT_DATE, ADOPTED_ON = D(2026, 9, 20), D(2026, 11, 10)
OWNERS = {"A": "SMITH JOHN", "B": "JONES MARY", "C": "BROWN PAT", "D": "HUDSON ANNA", "E": "LEE SAM"}


@dataclass
class YearEnd:
    accounts: dict[str, SewerAccount]
    bills: dict[str, Bill]
    resolution: BoardResolution
    buyer: Owner


def _account(n: int, name: str, area: ImprovementArea) -> SewerAccount:
    parcel = f.parcel(f"108.{n}-1-1", street_number=str(10 * n), street_name="Main St", improvement_area=area,
                      dx=100 + 150 * n)  # fmt: skip
    f.owned(parcel, name, start=D(2010, 5, 1))
    return SewerAccount.objects.create(account_number=f"MAR-{n:06d}", parcel=parcel, opened_on=D(2010, 5, 1))


def pay(account: SewerAccount, user: Any, amount: str, on: dt.date, receipt: str, method: str = "cash") -> Payment:
    reference = "" if method == "cash" else "1001"
    return do_take_payment(account, amount=amount, method=method, reference=reference, receipt_number=receipt,
                           received_on=on, acting_user=user).payment  # fmt: skip


def year_end(clerk: Any, superintendent: Any) -> YearEnd:
    """The five accounts as above, up to (not including) the filing of the statement."""
    area = ImprovementArea.objects.filter(code="marlborough").first() or f.area()
    accounts = {key: _account(n, OWNERS[key], area) for n, key in enumerate("ABCDE", 1)}
    amounts = {"A": "57.30", "B": "41.90", "C": "80.00", "D": "60.00"}
    bills = {key: posted_bill(amount, bill_date=SPRING, due_date=SPRING_DUE, account=accounts[key])
             for key, amount in amounts.items()}  # fmt: skip
    bills["E"] = posted_bill("35.00", bill_date=D(2026, 9, 1), due_date=D(2026, 9, 22), account=accounts["E"])
    pay(accounts["A"], clerk, "20.00", D(2026, 4, 20), "YE-A1")
    check = pay(accounts["C"], clerk, "80.00", D(2026, 5, 5), "YE-C1", method="check")
    apply_late_penalties(D(2026, 5, 20), run="test-sweep", now=dt.datetime(2026, 5, 20, tzinfo=dt.UTC))
    do_reverse_payment(check, acting_user=superintendent, reason="Check returned: insufficient funds")
    buyer = Owner.objects.create(name="ORCHARD LLC", mailing_address="1 Orchard Rd", city="Milton", postal_code="12547")
    do_transfer_ownership(accounts["D"].parcel, buyer, D(2026, 10, 1), acting_user=clerk)
    resolution = BoardResolution.objects.create(
        instrument="Resolution 2026-88", adopted_on=D(2026, 11, 9), effective_on=D(2026, 11, 9),
        title="Relevy of unpaid sewer rents on the 2027 tax roll",
    )  # fmt: skip
    return YearEnd(accounts, bills, resolution, buyer)


def paid_after_the_statement(scene: YearEnd, clerk: Any) -> Payment:
    """B pays $30.00 on 2026-10-15: after the statement date, before the cut-off."""
    return pay(scene.accounts["B"], clerk, "30.00", D(2026, 10, 15), "YE-B1")


STATED = {"A": Decimal("43.03"), "B": Decimal("46.09"), "C": Decimal("88.00"), "D": Decimal("66.00")}
RELEVIED = {"A": Decimal("43.03"), "B": Decimal("16.09"), "C": Decimal("88.00"), "D": Decimal("66.00")}
