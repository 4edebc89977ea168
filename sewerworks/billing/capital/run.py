"""Running the capital charge of a tax year (§118-49, 118-51, 118-52; I-28, I-122).

``do_run_capital_charge`` reads the rates in force on 1 January of the tax year and the roll of the year before
(``charges.capital_roll_year_lag``), refuses a rate that is missing for an area with parcels, negative or finer
than a millionth (naming the field and the section, writing nothing), then in one transaction writes the charge
of every payer not charged yet (one ``INSERT … SELECT``), names every payer it could not charge, marks resolved
the issues of parcels it now charged, and writes one audit record. Running it again writes nothing new.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Exists, OuterRef
from django.utils import timezone
from simple_history.utils import bulk_update_with_history

from sewerworks.billing.capital import sql
from sewerworks.billing.models import CapitalCharge, CapitalChargeIssue, CapitalChargeRun
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.money import MoneySum
from sewerworks.core.parameters import current_parameters
from sewerworks.core.text import has_nul
from sewerworks.ordinance.parameters import NotInForce
from sewerworks.ordinance.s118_52_capital_charge import area_rates, rate_year_day, roll_year_for
from sewerworks.registry.models import ImprovementArea, Parcel

WHO = "the Clerk's office or the Superintendent"


@dataclass
class AreaTotal:
    """What one area raises for the tax year: parcels charged and the sum (the levy per area, §118-51)."""

    code: str
    name: str
    parcels: int = 0
    amount: Decimal = Decimal("0.00")


@dataclass
class CapitalYear:
    """A tax year's capital charge as recorded: totals per area, open issues, the runs."""

    tax_year: int
    areas: list[AreaTotal] = field(default_factory=list)
    open_issues: int = 0
    runs: list[CapitalChargeRun] = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return sum((a.amount for a in self.areas), Decimal("0.00"))

    @property
    def parcels(self) -> int:
        return sum(a.parcels for a in self.areas)


def terms_of(tax_year: int) -> tuple[int, dict[str, Decimal]]:
    """The roll year and the rates per area code for ``tax_year``, checked (ValidationError naming the field)."""
    try:
        view = current_parameters().at(rate_year_day(tax_year))
        roll_year = roll_year_for(tax_year, view)
        rates = area_rates(view)
    except NotInForce as exc:
        raise ValidationError(
            {"tax_year": f"No capital charge rates were in force on 1 January {tax_year}: {exc}"}
        ) from exc
    except ValueError as exc:
        raise ValidationError({"rate": f"{str(exc).capitalize()} (§118-52, charges.capital_rate_per_1000)."}) from exc
    missing = sorted(
        ImprovementArea.objects.exclude(code__in=rates)
        .filter(Exists(Parcel.objects.filter(improvement_area=OuterRef("pk"))))
        .values_list("code", flat=True)
    )
    if missing:
        raise ValidationError(
            {
                "rate": f"The Town Board has set no capital charge rate in force on 1 January {tax_year} for the "
                f"{', '.join(missing)} area: the charge is levied at the rates the Board sets (§118-52)."
            }
        )
    return roll_year, rates


def do_run_capital_charge(tax_year: int, *, acting_user: Any) -> CapitalChargeRun:
    """Compute and record the capital charge of ``tax_year`` (see the module)."""
    require(acting_user, "billing.run_capital_charge", "run the capital charge", who_may=WHO)
    if not 1900 <= int(tax_year) <= 2999:
        raise ValidationError({"tax_year": f"{tax_year} is not a tax year."})
    roll_year, rates = terms_of(tax_year)
    ids = sql.area_ids(rates)
    on = rate_year_day(tax_year)
    now = timezone.now()
    with transaction.atomic():
        record = CapitalChargeRun.objects.create(
            tax_year=tax_year,
            roll_year=roll_year,
            run=f"capital-{tax_year}-{now:%Y%m%d%H%M%S%f}",
            rates={code: format(rate, "f") for code, rate in sorted(rates.items())},
            started_by=acting_user,
            started_at=now,
        )
        first = not CapitalCharge.objects.filter(tax_year=tax_year).exists()
        record.charged = sql.insert_charges(tax_year=tax_year, roll_year=roll_year, rates=ids, on=on, run_id=record.pk)
        open_ = CapitalChargeIssue.objects.filter(tax_year=tax_year, resolved_by__isnull=True)
        issues = list(open_.filter(parcel__in=CapitalCharge.objects.filter(tax_year=tax_year, parcel__in=open_.values(
            "parcel")).values("parcel")))  # fmt: skip  # probed by the open issues' parcels, not every charge
        for issue in issues:
            issue.resolved_by = record
        # one UPDATE and one history row each (simple-history's own bulk path), not a save per issue
        bulk_update_with_history(issues, CapitalChargeIssue, ["resolved_by"], default_user=acting_user,
                                 default_change_reason=f"Charged by run {record.run}")  # fmt: skip
        found = sql.insert_issues(tax_year=tax_year, roll_year=roll_year, rates=ids, on=on, run_id=record.pk,
                                  first_charged=record.charged if first else None)  # fmt: skip
        record.save(update_fields=["charged"])
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_run_capital_charge",
            run=record.run,
            rows=record.charged,
            subject=f"capital charge of tax year {tax_year} (roll {roll_year})",
            detail={
                "tax_year": tax_year,
                "roll_year": roll_year,
                "rates": record.rates,
                "charged": record.charged,
                "issues_found": found,
            },
        )
    return record


def capital_year(tax_year: int) -> CapitalYear:
    """The tax year's charges as recorded: per area (parcels, total), open issues and the runs."""
    year = CapitalYear(tax_year)
    rows = CapitalCharge.objects.filter(tax_year=tax_year).values("area")
    sums = {r["area"]: r for r in rows.annotate(n=Count("id"), s=MoneySum("amount"))}
    for area in ImprovementArea.objects.order_by("code"):
        found = sums.get(area.pk)
        total = AreaTotal(area.code, area.name)
        if found:
            total.parcels, total.amount = found["n"], found["s"]
        year.areas.append(total)
    year.open_issues = open_issues(tax_year).count()
    year.runs = list(CapitalChargeRun.objects.filter(tax_year=tax_year).order_by("-started_at"))
    return year


def open_issues(tax_year: int) -> Any:
    """The issues of ``tax_year`` neither resolved by a later run nor excluded by the clerk."""
    return CapitalChargeIssue.objects.filter(tax_year=tax_year, resolved_by__isnull=True, excluded_at__isnull=True)


def do_exclude_capital_issue(issue: CapitalChargeIssue, *, reason: str, acting_user: Any) -> CapitalChargeIssue:
    """The clerk excludes a parcel from the year's export, with the reason (it goes to the county no charge)."""
    require(acting_user, "billing.run_capital_charge", "exclude a parcel from the capital charge", who_may=WHO)
    why = (reason or "").strip()
    if not why or len(why) > 200 or has_nul(why):
        raise ValidationError({"reason": "Say in at most 200 characters why the parcel is left out of the export."})
    with transaction.atomic():
        locked = CapitalChargeIssue.objects.select_for_update().get(pk=issue.pk)
        if locked.excluded_at is not None or locked.resolved_by_id is not None:
            raise ValidationError({"reason": "This issue is already resolved or excluded."})
        locked.excluded_reason, locked.excluded_by, locked.excluded_at = why, acting_user, timezone.now()
        locked.save(update_fields=["excluded_reason", "excluded_by", "excluded_at"])
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_exclude_capital_issue",
            subject=f"capital charge {locked.tax_year}"[:200],
            rows=1,
            detail={"issue": locked.pk, "parcel": locked.parcel_id, "reason": why},
        )
    return locked


def default_tax_year(today: dt.date | None = None) -> int:
    """The tax year the clerk prepares now: next year's from September (the levy is adopted in the autumn)."""
    day = today or timezone.localdate()
    return day.year + 1 if day.month >= 9 else day.year
