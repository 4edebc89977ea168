"""The Marlborough Water District's semiannual read file (§118-51, 52) as an import kind.

The layout is documented in ``docs/billing-reads-import.md`` (sample: ``docs/samples/meter-reads-sample.csv``):
a header row, then one read per row: ``meter_serial``, ``read_on``, ``reading`` and, optionally,
``account_number``, ``unit`` (gal or ft3: each meter reads in its own unit) and ``source``.

Every row passes the registry's one validator of reads (``registry.reads.check_meter_reads``: unknown
meter, text or negative reading, duplicate, a lower reading that is no plausible rollover under I-48,
the account and unit the row names), with the read window of the billing period the file is imported
for (§118-51, I-58). The period is the one the caller names (context ``billing.period``: the screen's
link from the period, ``import_reads --period``) or else the open period (draft or reviewed) whose read
window holds most of the file's reads. Reads are written in staged chunks and published at once.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from collections import Counter
from datetime import date
from typing import Any

from sewerworks.billing import pipeline
from sewerworks.billing.choices import Basis, BillStatus
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.core.imports.common import RowError
from sewerworks.core.imports.kinds import Checked, ImportKind, register_import_kind
from sewerworks.core.imports.rejects import csv_rejects
from sewerworks.registry.models import MeterRead, WaterMeter
from sewerworks.registry.reads import ReadWindow, check_meter_reads

PERIOD = "billing.period"  # context: the id of the billing period the file is imported for
REQUIRED = ("meter_serial", "read_on", "reading")
OPTIONAL = ("account_number", "unit", "source")
FIELD_OF = {"meter": "meter_serial", "account": "account_number"}  # the validator's names -> the file's columns
US_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")  # 09/30/2026, as some water district exports write it


def _file_error(message: str, field: str = "") -> Checked:
    return Checked(rows=0, counts={"new": 0, "meters": 0}, errors=[RowError(None, field, message)], valid=0)


def _iso(text: str) -> str:
    """A MM/DD/YYYY date as YYYY-MM-DD; anything else as it is (the validator says what is wrong)."""
    found = US_DATE.match(text.strip())
    if not found:
        return text
    month, day, year = (int(g) for g in found.groups())
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError:
        return text


def _rows(data: bytes) -> tuple[list[str], list[tuple[int, list[str]]]] | str:
    """(header, [(file row number, cells)]) of the non-blank rows, or why the file cannot be read."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return f"The file is not UTF-8 text (byte {exc.start}): save it as 'CSV UTF-8' and upload it again."
    try:
        records = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        return f"The file is not CSV: {exc}."
    if not records:
        return "The file is empty."
    header = [h.strip().lower() for h in records[0]]
    body = [(n, cells) for n, cells in enumerate(records[1:], start=2) if any(c.strip() for c in cells)]
    return header, body


def find_period(context: dict[str, Any], dates: list[date]) -> BillingPeriod | str:
    """The period the reads are for: the one named in the context, else the open period whose read window
    holds most of the reads (the latest on a tie; the only open one even if it holds none, so that each row
    says it is outside its window); or why there is none."""
    named = context.get(PERIOD)
    if named:
        period = BillingPeriod.objects.select_related("area").filter(pk=named).first()
        if period is None:
            return f"No billing period {named}."
    else:
        counts = Counter[int]()
        open_periods = list(
            BillingPeriod.objects.exclude(status__in=(pipeline.POSTED, pipeline.POSTING)).order_by("end")
        )
        for period in open_periods:
            counts[period.pk] = sum(period.reads_from <= d <= period.reads_until for d in dates)
        best = max(open_periods, key=lambda p: (counts[p.pk], p.end), default=None)
        if best is not None and counts[best.pk] == 0 and len(open_periods) > 1:  # one open period: its rows say
            best = None
        if best is None:
            return (
                "No open billing period's read window holds these reads: open the period first, or name it "
                "(import from the period's page, or import_reads --period)."
            )
        period = best
    if period.status == pipeline.POSTING or (period.status == pipeline.POSTED and not held_accounts(period)):
        return (  # I-108: a period being posted is final too
            f"The billing period {period.name} is {period.status}: its bills are final, so reads are not"
            " imported for it."
        )
    return period


def held_accounts(period: BillingPeriod) -> set[int]:
    """The accounts whose bill a posted period still holds (I-61): the only reads it takes (I-182)."""
    held = Bill.objects.filter(period=period, status=BillStatus.DRAFT, basis=Basis.HELD)
    return set(held.values_list("account_id", flat=True))


def _final(period: BillingPeriod, rows: list[dict[str, Any]]) -> dict[int, str]:
    """For a posted period: the rows (by index) of meters of accounts it did not hold, and why (I-182)."""
    if period.status != pipeline.POSTED:
        return {}
    held = held_accounts(period)
    serials = sorted({str(r["meter"]).strip().upper() for r in rows})
    account_of: dict[str, tuple[int, str]] = {}
    for start in range(0, len(serials), 500):
        found = WaterMeter.objects.filter(serial__in=serials[start : start + 500])
        found_accounts = found.values_list("serial", "account_id", "account__account_number")
        account_of.update({serial: (pk, number) for serial, pk, number in found_accounts})
    out = {}
    for i, r in enumerate(rows):
        account = account_of.get(str(r["meter"]).strip().upper())
        if account is not None and account[0] not in held:
            out[i] = (f"The billing period {period.name} is posted: its bills are final. It takes only the reads of "
                      f"the accounts it held, and account {account[1]} was billed (I-182).")  # fmt: skip
    return out


@register_import_kind
class MeterReadsKind(ImportKind):
    """The water district's semiannual meter-read file (CSV), for one billing period's read window."""

    name = "reads"
    label = "the water district's meter reads"
    permission = "registry.add_meterread"
    audit_action = "import_reads"
    what = "import the water district's meter reads"
    who_may = "the Water Superintendent, the clerk and the Sewer Superintendent"
    count_names = ("new", "meters")
    written_counts = ("new",)
    order = 30
    upload_label = "Water District meter reads (CSV)"
    upload_help = (
        "A header row, then one read per row: meter_serial, read_on (YYYY-MM-DD), reading (the "
        "register, whole units); optional account_number, unit (gal or ft3), source. UTF-8."
    )
    count_labels = {"new": "Reads to record", "meters": "Meters read"}  # noqa: RUF012
    context_from_query = {"period": PERIOD}  # noqa: RUF012
    return_label = "the billing period"

    def check(self, data: bytes, *, context: dict[str, Any], as_of: date) -> Checked:
        parsed = _rows(data)
        if isinstance(parsed, str):
            return _file_error(parsed)
        header, body = parsed
        missing = [c for c in REQUIRED if c not in header]
        if missing:
            return _file_error(
                f"The header row lacks {', '.join(missing)} (columns: {', '.join(REQUIRED + OPTIONAL)}).", missing[0]
            )
        where = {c: header.index(c) for c in REQUIRED + OPTIONAL if c in header}
        rows = []
        for _, cells in body:
            row = {c: (cells[i].strip() if i < len(cells) else "") for c, i in where.items()}
            rows.append(
                {
                    "meter": row["meter_serial"],
                    "read_on": _iso(row["read_on"]),
                    "reading": row["reading"],
                    "account": row.get("account_number", ""),
                    "unit": row.get("unit", ""),
                    "source": row.get("source") or None,
                }
            )
        if not rows:
            return _file_error("The file has a header row but no reads.")
        dates = [d for d in (_date(str(r["read_on"])) for r in rows) if d is not None]
        period = find_period(context, dates)
        if isinstance(period, str):
            return _file_error(period, "period")
        window = ReadWindow(period.reads_from, period.reads_until, period.name,
                            start_until=period.start_reads_until, rules_on=period.end)  # as the run (I-181)
        final = _final(period, rows)  # a posted period takes only the reads of the accounts it held (I-182)
        kept = [i for i in range(len(rows)) if i not in final]
        to_write, refused = check_meter_reads([rows[i] for i in kept], acting_user=None, run="", window=window)
        errors = [RowError(body[kept[e.row]][0], FIELD_OF.get(e.field, e.field), e.message) for e in refused]
        errors += [RowError(body[i][0], "meter_serial", why) for i, why in final.items()]
        errors.sort(key=lambda e: (e.row or 0, e.field))
        return Checked(
            rows=len(rows),
            counts={"new": len(to_write), "meters": len({r.meter_id for r in to_write})},
            errors=errors,
            valid=len(to_write),
            payload=to_write,
            rejects=lambda errs: csv_rejects(header, body, errs),
            extra={
                "period": period.pk,
                "audit": {"period": period.pk},  # the period's history lists the import
                "note": f"For the billing period {period.name}: reads dated {period.reads_from} to "
                f"{period.reads_until} count (§118-51, I-58). {_then(period)}".strip(),
            },
        )

    def apply(self, checked: Checked, writer: Any, *, acting_user: Any, reason: str) -> None:
        reads: list[MeterRead] = checked.payload
        for read in reads:
            read.created_by, read.run = acting_user, writer.run
        writer.create(MeterRead, reads, acting_user=acting_user, reason=reason)


def _then(period: BillingPeriod) -> str:
    """What the clerk does next for the reads to count: run the drafts again, or bill the held accounts."""
    if period.status == pipeline.POSTED:
        return ("The period is posted: it takes only the reads of the accounts it held; then bill each from its "
                "held bill's page (a supplementary bill, I-182).")  # fmt: skip
    if Bill.objects.filter(period=period).exists():
        return "Its draft bills were computed before these reads: run the bills again for them to count."
    return ""


def _date(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None
