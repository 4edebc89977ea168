"""The capital charge of a tax year for the county (§118-51: billed with the town's tax statement; I-28, I-122), in
the column-map family of the relevy's export (``billing.taxroll.columns``), in the two forms a county takes:

- **per parcel** (``parcels``): one row per parcel charged, the charge computed here (SWIS, SBL and print key,
  levy code of its improvement area, taxable value, rate per $1,000, amount, tax year);
- **per levy code** (``levy``): the amount each improvement area's levy raises and the parcels it counts, for a
  county that computes ad valorem district charges itself from the levy the Board adopts.

Nothing of a year is exported while any of its issues is open: a parcel with no value, no taxable value (found by
the run) or a tax map number the county's print-key layout cannot take (found here, recorded as an issue of the
year) is resolved (the roll corrected and the run repeated) or left out by the clerk with a reason, and a parcel
left out is not in the file. The file is the same each time it is written (rows in tax-map order, no time in it).
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Count

from sewerworks.billing.capital.run import open_issues
from sewerworks.billing.models import CapitalCharge, CapitalChargeIssue, CapitalChargeRun
from sewerworks.billing.taxroll.columns import ColumnMap
from sewerworks.billing.taxroll.export import print_key
from sewerworks.billing.taxroll.terms import view_on
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.money import MoneySum

FORMS = ("parcels", "levy")
# A tax map number this matches (in SQL: ASCII digits, nothing around it) is one ``print_key`` takes, always.
PLAIN_PRINT_KEY = r"^[0-9]{1,3}([.][0-9]{1,3})?-[0-9]{1,4}-[0-9]{1,3}([.][0-9]{1,3})?(-[A-Za-z0-9]{1,4})?$"
PARCEL_FIELDS = ("swis", "print_key", "sbl", "levy_code", "area", "tax_map_number", "taxable_value", "rate",
                 "amount", "tax_year", "contract_user")  # fmt: skip
LEVY_FIELDS = ("swis", "levy_code", "area", "parcels", "amount", "tax_year")
ILLUSTRATIVE = {
    "parcels": {
        "name": "capital-parcels-illustrative",
        "version": 1,
        "format": "csv",
        "note": "Illustrative until the county's specification is on file: the capital charge per parcel (I-122).",
        "columns": [
            {"name": "SWIS", "field": "swis"},
            {"name": "SBL", "field": "sbl"},
            {"name": "PRINT KEY", "field": "print_key"},
            {"name": "LEVY CODE", "field": "levy_code"},
            {"name": "TAXABLE VALUE", "field": "taxable_value", "kind": "money"},
            {"name": "RATE PER 1000", "field": "rate"},
            {"name": "AMOUNT", "field": "amount", "kind": "money"},
            {"name": "TAX YEAR", "field": "tax_year", "kind": "integer"},
        ],
    },
    "levy": {
        "name": "capital-levy-illustrative",
        "version": 1,
        "format": "csv",
        "note": "Illustrative until the county's specification is on file: the amount each levy raises (I-122).",
        "columns": [
            {"name": "SWIS", "field": "swis"},
            {"name": "LEVY CODE", "field": "levy_code"},
            {"name": "DISTRICT", "field": "area"},
            {"name": "PARCELS", "field": "parcels", "kind": "integer"},
            {"name": "AMOUNT", "field": "amount", "kind": "money"},
            {"name": "TAX YEAR", "field": "tax_year", "kind": "integer"},
        ],
    },
}


def layout(form: str) -> ColumnMap:
    if form not in FORMS:
        raise ValidationError({"form": f"{form!r} is not an export form: parcels (per parcel) or levy (per levy code)"})
    return ColumnMap.from_spec(ILLUSTRATIVE[form], fields=PARCEL_FIELDS if form == "parcels" else LEVY_FIELDS)


def _terms(tax_year: int) -> tuple[str, dict[str, str]]:
    view = view_on(dt.date(tax_year, 1, 1))
    return str(view["relevy.swis_code"]), {str(k): str(v) for k, v in dict(view["relevy.levy_codes"]).items()}


def _charges(tax_year: int) -> Any:
    left_out = CapitalChargeIssue.objects.filter(tax_year=tax_year, excluded_at__isnull=False).values("parcel")
    return (
        CapitalCharge.objects.filter(tax_year=tax_year)
        .exclude(parcel__in=left_out)
        .select_related("parcel", "area")
        .order_by("parcel__tax_map_sort", "parcel__tax_map_number", "parcel_id")
    )


def find_print_key_issues(tax_year: int, run: CapitalChargeRun) -> int:
    """Record an issue for each charged parcel whose tax map number the print-key layout cannot take (once).
    The database sets aside the plain section-block-lot numbers (``PLAIN_PRINT_KEY``, each certainly one
    ``print_key`` takes); only the others are tried here, so a year of a million parcels is one query."""
    known = set(
        CapitalChargeIssue.objects.filter(tax_year=tax_year, problem=CapitalChargeIssue.Problem.NO_PRINT_KEY)
        .filter(resolved_by__isnull=True)
        .values_list("parcel_id", flat=True)
    )
    others = _charges(tax_year).exclude(parcel__tax_map_number__regex=PLAIN_PRINT_KEY)
    bad = [
        CapitalChargeIssue(tax_year=tax_year, parcel_id=pid, problem=CapitalChargeIssue.Problem.NO_PRINT_KEY,
                           found_by=run)  # fmt: skip
        for pid, tmn in others.values_list("parcel_id", "parcel__tax_map_number").iterator(chunk_size=5000)
        if print_key(tmn) is None and pid not in known
    ]
    CapitalChargeIssue.objects.bulk_create(bad, batch_size=2000)
    return len(bad)


def parcel_rows(tax_year: int) -> Iterator[dict[str, Any]]:
    """The year's charges in tax-map order, one row at a time: the queryset's own SQL read by a cursor in batches
    (a million parcels never sit in memory at once), the money as the stored cents (exact, without the ORM's
    per-value converters: a third of a million-row export's time)."""
    swis, levy = _terms(tax_year)
    rates: dict[Any, str] = {}
    columns = ("parcel__tax_map_number", "area__code", "area__name", "taxable_value", "rate", "amount",
               "contract_user")  # fmt: skip
    sql, params = _charges(tax_year).values_list(*columns).query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        while batch := cursor.fetchmany(5000):
            for tmn, code, name, taxable, rate, amount, contract in batch:
                keys = print_key(tmn) or ("", "")
                if rate not in rates:  # a float on SQLite, a Decimal on PostgreSQL: its digits as the Board set them
                    rates[rate] = format(Decimal(str(rate)).normalize(), "f")
                yield {"swis": swis, "print_key": keys[0], "sbl": keys[1], "levy_code": levy.get(code, ""),
                       "area": name, "tax_map_number": tmn, "taxable_value": Decimal(int(taxable)).scaleb(-2),
                       "rate": rates[rate], "amount": Decimal(int(amount)).scaleb(-2), "tax_year": tax_year,
                       "contract_user": "yes" if contract else ""}  # fmt: skip


def levy_rows(tax_year: int) -> list[dict[str, Any]]:
    """One row per improvement area's levy: its parcels and the amount it raises (one GROUP BY)."""
    swis, levy = _terms(tax_year)
    sums = (
        _charges(tax_year).order_by().values("area__code", "area__name")
        .annotate(parcels=Count("id"), amount=MoneySum("amount")).order_by("area__code")
    )  # fmt: skip
    return [{"swis": swis, "levy_code": levy.get(r["area__code"], ""), "area": r["area__name"],
             "parcels": r["parcels"], "amount": Decimal(r["amount"]), "tax_year": tax_year} for r in sums]  # fmt: skip


def do_write_capital_charge(tax_year: int, form: str, out: Any, *, acting_user: Any) -> tuple[str, int]:
    """The year's file in ``form`` written to ``out`` (text, row by row: the per-parcel file of a million parcels
    is streamed, never held in memory) as (file name, rows); refused while an issue is open (naming how many and
    the first), after recording the parcels the print-key layout cannot take as issues of the year."""
    require(acting_user, "billing.run_capital_charge", "export the capital charge",
            who_may="the Clerk's office or the Superintendent")  # fmt: skip
    columns = layout(form)
    last = CapitalChargeRun.objects.filter(tax_year=tax_year).order_by("-started_at", "-pk").first()
    if last is None:
        raise ValidationError({"tax_year": f"The capital charge of {tax_year} has not been run: run it first."})
    with transaction.atomic():  # kept though the export is refused: the year's page lists them to resolve
        find_print_key_issues(tax_year, last)
    with transaction.atomic():
        waiting = open_issues(tax_year).select_related("parcel").order_by("parcel__tax_map_number")
        first = waiting.first()
        if first is not None:
            raise ValidationError(
                {
                    "tax_year": f"{waiting.count()} parcel(s) of {tax_year} are not resolved, first "
                    f"{first.parcel.tax_map_number} ({first.get_problem_display().lower()}): resolve each or leave "
                    "it out with a reason before the export (§118-51, I-122)."
                }
            )
        rows = parcel_rows(tax_year) if form == "parcels" else levy_rows(tax_year)
        count = columns.write(rows, out)
        AuditEvent.objects.create(
            actor=acting_user, action="do_export_capital_charge", rows=count, run=last.run,
            subject=f"capital charge of tax year {tax_year} exported ({columns.label})",
            detail={"tax_year": tax_year, "form": form, "layout": columns.label, "rows": count},
        )  # fmt: skip
    return f"capital-charge-{tax_year}-{form}{columns.extension}", count


def do_export_capital_charge(tax_year: int, form: str, *, acting_user: Any) -> tuple[str, str]:
    """The year's file in ``form`` as (file name, text): ``do_write_capital_charge`` into memory, for a year
    small enough to hold (the API, the tests); the clerk's download streams."""
    out = io.StringIO()
    name, _ = do_write_capital_charge(tax_year, form, out, acting_user=acting_user)
    return name, out.getvalue()
