"""What changed: a statement against the one it supersedes (per property), and the relevy against its statement
(per bill: what was paid after the statement date, before the cut-off, I-120)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Max

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.models import LedgerEntry, StatementLine, UnpaidStatement
from sewerworks.core.money import MoneySum

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Change:
    """One property's amount on two statements (or a bill's on its statement and in the relevy)."""

    tax_map_number: str
    parcel_id: int
    before: Decimal
    after: Decimal
    sentence: str
    bill_id: int | None = None

    @property
    def difference(self) -> Decimal:
        return self.after - self.before


def _per_parcel(statement: UnpaidStatement) -> dict[int, tuple[str, Decimal]]:
    rows = StatementLine.objects.filter(statement=statement).values("parcel_id")
    grouped = rows.annotate(total=MoneySum("total"), number=Max("tax_map_number")).values_list(
        "parcel_id", "number", "total"
    )
    return {parcel: (number, total) for parcel, number, total in grouped}


def differences(earlier: UnpaidStatement, later: UnpaidStatement) -> Iterator[Change]:
    """Each property whose amount differs between two statements, by tax map number."""
    before, after = _per_parcel(earlier), _per_parcel(later)
    for parcel_id in sorted(set(before) | set(after), key=lambda p: (before.get(p) or after[p])[0]):
        number, was = before.get(parcel_id, ("", ZERO))
        number2, now = after.get(parcel_id, (number, ZERO))
        if was == now:
            continue
        name = number or number2
        if parcel_id not in before:
            text = f"{name}: added, ${now:,.2f}."
        elif parcel_id not in after:
            text = f"{name}: no longer on it (was ${was:,.2f})."
        else:
            text = f"{name}: ${was:,.2f} → ${now:,.2f} ({now - was:+,.2f})."
        yield Change(name, parcel_id, was, now, text)


def relevy_differences(statement: UnpaidStatement) -> Iterator[Change]:
    """Each bill of a relevied statement whose relevied amount (charge, penalty and interest, net of removals)
    is not its amount on the statement, with why."""
    moved: dict[int, Decimal] = {}
    entries = LedgerEntry.objects.filter(
        bill_id__in=StatementLine.objects.filter(statement=statement).values("bill_id"),
        kind=LedgerKind.RELEVY_TRANSFER,
        source_key__startswith=f"relevy:{statement.pk}:",
    )
    for row in entries.values("bill_id").annotate(t=MoneySum("amount")):
        moved[row["bill_id"]] = -row["t"]
    removed = set(statement.removals.values_list("parcel_id", flat=True))
    for line in StatementLine.objects.filter(statement=statement).order_by("tax_map_number", "bill_id"):
        now = moved.get(line.bill_id or 0, ZERO)
        if now == line.total:
            continue
        why = "paid after the statement date, by the counter's cut-off" if now < line.total else "more than stated"
        if line.parcel_id in removed:
            why = "removed from the roll later"
        elif now == 0:
            why = "paid in full (or the bill voided) by the cut-off"
        text = f"{line.tax_map_number} bill {line.bill_id}: ${line.total:,.2f} stated, ${now:,.2f} relevied ({why})."
        yield Change(line.tax_map_number, line.parcel_id, line.total, now, text, line.bill_id)
