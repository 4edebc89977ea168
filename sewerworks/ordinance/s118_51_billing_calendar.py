"""§ 118-51 Billing: the semiannual billing calendar (I-58).

    Sewer user charges shall be billed semiannually at the same time that the Marlborough Water District
    bills for water usage charges.

I-58: a year has two billing periods, each ending on a month and day when the Water District reads its
meters (``billing.period_ends``, illustrative 03-31 and 09-30 until its schedule is recorded); a period
starts the day after the previous one ends. A read counts for a period when it is dated within
``billing.read_window_days`` of the period's end. The bills are dated ``billing.bill_days_after_period_end``
days after it, with the Water District's, and fall due ``billing.due_days_after_bill`` days after their
date (the due date listed on the bill, §118-53). With the illustrative values the period ending
2026-03-31 runs from 2025-10-01, its reads count from 2026-03-16 to 2026-04-15, its bills are dated
2026-04-10 and due 2026-05-01. The calendar in force on the period's last day applies (I-43).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from sewerworks.ordinance.parameters import ParameterView

SECTION = "118-51"


@dataclass(frozen=True)
class BillingPeriod:
    """One semiannual billing period, its read window, bill date and due date."""

    start: date
    end: date
    reads_from: date
    reads_until: date
    bill_date: date
    due_date: date

    @property
    def name(self) -> str:
        """The period as a clerk names it: "2025-10-01 – 2026-03-31"."""
        return f"{self.start.isoformat()} – {self.end.isoformat()}"

    def counts_read(self, day: date) -> bool:
        """Whether a read dated ``day`` falls inside the period's read window."""
        return self.reads_from <= day <= self.reads_until


def period_end_days(view: ParameterView) -> list[tuple[int, int]]:
    """The (month, day) pairs of ``billing.period_ends``, checked: two, distinct, real days (not 02-29)."""
    ends: list[tuple[int, int]] = []
    for text in view.items("billing.period_ends"):
        try:
            month, day = (int(part) for part in str(text).split("-"))
            date(2001, month, day)  # a year without 29 February
        except ValueError:
            raise ValueError(f"billing.period_ends: {text!r} is not a month and day MM-DD (not 02-29)") from None
        ends.append((month, day))
    if len(ends) != 2 or len(set(ends)) != 2:
        raise ValueError(f"billing.period_ends must name two different days (semiannual), not {ends}")
    return sorted(ends)


def _ends_around(year: int, ends: list[tuple[int, int]]) -> list[date]:
    return [date(y, m, d) for y in (year - 1, year, year + 1) for m, d in ends]


def period_containing(day: date, view: ParameterView) -> BillingPeriod:
    """The billing period that ``day`` falls in (the first period end on or after it)."""
    ends = _ends_around(day.year, period_end_days(view))
    end = min(e for e in ends if e >= day)
    start = max(e for e in ends if e < end) + timedelta(days=1)
    return _period(start, end, view.parameters.at(end))


def period_ending(end: date, view: ParameterView) -> BillingPeriod:
    """The billing period ending on ``end``; a day that ends no period is refused with the days that do."""
    ends = period_end_days(view)
    if (end.month, end.day) not in ends:
        listed = " and ".join(f"{m:02d}-{d:02d}" for m, d in ends)
        raise ValueError(f"{end.isoformat()} ends no billing period: periods end on {listed} (§118-51, I-58)")
    return period_containing(end, view)


def _period(start: date, end: date, on_last_day: ParameterView) -> BillingPeriod:
    window = timedelta(days=int(on_last_day.number("billing.read_window_days")))
    bill_date = end + timedelta(days=int(on_last_day.number("billing.bill_days_after_period_end")))
    due_date = bill_date + timedelta(days=int(on_last_day.number("billing.due_days_after_bill")))
    return BillingPeriod(start, end, end - window, end + window, bill_date, due_date)
