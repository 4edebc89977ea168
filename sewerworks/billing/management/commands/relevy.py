"""sewerworks relevy …: the year end of unpaid sewer rents from the command line (§118-53).

    sewerworks relevy statement 2026-09-20 [--file] --as-user clerk      the draft (or file it)
    sewerworks relevy adopt 2026-09-20 --resolution "Resolution 2026-88" --on 2026-11-10 --as-user clerk
    sewerworks relevy remove 2026-09-20 108.3-1-1 --reason "paid the Town" --on 2026-11-20 --as-user clerk
    sewerworks relevy notices 2026-09-20 [--out FILE] --as-user clerk     the notice before relevy, one PDF
    sewerworks relevy export 2026-09-20 [--layout NAME:VERSION] [--out FILE] --as-user clerk
    sewerworks relevy settle EXPORT FILE [--received-on DATE] --as-user clerk

A statement is named by its date (the one filed that day and not superseded). Amounts print to the cent; a
refusal exits with its rule. Every step is the screen's own action.
"""

from __future__ import annotations

import datetime as dt
from argparse import ArgumentParser
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from sewerworks.billing.actions import relevy as actions
from sewerworks.billing.actions.notices import do_start_notice_batch
from sewerworks.billing.actions.taxroll import do_export_tax_roll, do_record_settlement
from sewerworks.billing.models import ExportLayout, TaxRollExport, UnpaidStatement
from sewerworks.billing.models.relevy import SUPERSEDED
from sewerworks.billing.tasks import run_notice_batch
from sewerworks.billing.taxroll.settlement import reconcile
from sewerworks.billing.taxroll.statement import draft
from sewerworks.billing.taxroll.terms import terms_for
from sewerworks.core.access.permissions import require
from sewerworks.core.models import BoardResolution
from sewerworks.registry.models import Parcel


def _day(text: str, label: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"{label} {text!r}: a date YYYY-MM-DD.") from None


def _statement(text: str) -> UnpaidStatement:
    found = UnpaidStatement.objects.filter(statement_date=_day(text, "STATEMENT")).exclude(status=SUPERSEDED).first()
    if found is None:
        raise CommandError(f"STATEMENT {text}: no statement of that date is filed (or it was superseded).")
    return found


def money(value: Decimal) -> str:
    return f"${value:,.2f}"


class Command(BaseCommand):
    help = "The Town Clerk's statement of unpaid sewer rents, the relevy, the county's export and settlement."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--as-user", default="", help="Act as this user (their role decides what is allowed).")
        steps = parser.add_subparsers(dest="step", required=True, parser_class=CommandParser)
        statement = steps.add_parser("statement", help="The draft statement of DATE; --file files it.")
        statement.add_argument("date")
        statement.add_argument("--file", action="store_true", help="File it with the Town Board.")
        adopt = steps.add_parser("adopt", help="Record the Board's adoption and relevy the statement.")
        adopt.add_argument("statement")
        adopt.add_argument("--resolution", required=True, help="The recorded resolution, as cited.")
        adopt.add_argument("--on", required=True, help="The day of adoption, YYYY-MM-DD.")
        remove = steps.add_parser("remove", help="Take a parcel off the roll before certification.")
        remove.add_argument("statement")
        remove.add_argument("tax_map_number")
        remove.add_argument("--reason", required=True)
        remove.add_argument("--on", default="", help="The day of the removal (default today).")
        for name in ("notices", "export", "settle"):
            sub = steps.add_parser(name, help=f"See sewerworks relevy {name} --help.")
            sub.add_argument("statement" if name != "settle" else "export")
            if name == "settle":
                sub.add_argument("file")
                sub.add_argument("--received-on", default="")
            else:
                sub.add_argument("--out", default="", help="Write the file here.")
            if name == "export":
                sub.add_argument("--layout", default="", help="NAME:VERSION of a layout (default: the sample).")

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["as_user"]).first() if opts["as_user"] else None
        if opts["as_user"] and user is None:
            raise CommandError(f"--as-user: no user {opts['as_user']!r}")
        try:
            getattr(self, f"_{opts['step']}")(user, opts)
        except (PermissionDenied, ValidationError) as exc:
            raise CommandError(" ".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)) from exc

    def _statement(self, user: Any, opts: dict[str, Any]) -> None:
        day = _day(opts["date"], "DATE")
        if opts["file"]:
            filed = actions.do_file_statement(day, acting_user=user)
            self.stdout.write(f"Filed the statement of {day} for the {filed.roll_year} tax roll: {filed.parcels} "
                              f"properties, {filed.bills} bills, {money(filed.total)}.")  # fmt: skip
            return
        require(user, "billing.view_billing", "read the statement of unpaid sewer rents")
        preview = draft(terms_for(day))
        self.stdout.write(f"Draft statement of {day} for the {preview.terms.roll_year} tax roll (counter cut-off "
                          f"{preview.terms.counter_cutoff}):")  # fmt: skip
        for line in preview.lines:
            what = f"bill {line['bill_id']:<6}" if line["bill_id"] else f"{'§118-54':<11}"  # a connection charge
            self.stdout.write(f"  {line['tax_map_number']:<14} {line['owner_name'] or '(owner unknown)':<24} "
                              f"{what} charge {money(line['charge'])} penalty {money(line['penalty'])} "
                              f"interest {money(line['interest'])} = {money(line['total'])}")  # fmt: skip
        self.stdout.write(f"{preview.parcels} properties, {preview.bills} bills: charges {money(preview.charge)}, "
                          f"penalties {money(preview.penalty)}, interest {money(preview.interest)}; "
                          f"total {money(preview.total)}.")  # fmt: skip
        for left in preview.exclusions:
            self.stdout.write(f"  left out: bill {left.bill_id or '-'} of account {left.account_id}, "
                              f"{money(left.amount)}: {left.reason}")  # fmt: skip
        for note in preview.notes:
            self.stdout.write(f"  note: {note}")

    def _adopt(self, user: Any, opts: dict[str, Any]) -> None:
        statement = _statement(opts["statement"])
        resolution = BoardResolution.objects.filter(instrument=opts["resolution"]).first()
        if resolution is None:
            raise CommandError(f"--resolution {opts['resolution']!r}: no such resolution is recorded.")
        done = actions.do_adopt_statement(statement, resolution=resolution, adopted_on=_day(opts["on"], "--on"),
                                          acting_user=user)  # fmt: skip
        self.stdout.write(f"Adopted by {resolution.instrument}: {money(done.relevied_total)} relevied to the "
                          f"{done.roll_year} tax roll (stated {money(done.total)}).")  # fmt: skip

    def _remove(self, user: Any, opts: dict[str, Any]) -> None:
        statement = _statement(opts["statement"])
        parcel = Parcel.objects.filter(tax_map_number=opts["tax_map_number"]).first()
        if parcel is None:
            raise CommandError(f"TAX_MAP_NUMBER {opts['tax_map_number']!r}: no such parcel.")
        day = _day(opts["on"], "--on") if opts["on"] else None
        removal = actions.do_remove_from_roll(statement, parcel, reason=opts["reason"], removed_on=day,
                                              acting_user=user)  # fmt: skip
        self.stdout.write(f"{parcel.tax_map_number} is off the {statement.roll_year} roll: {money(removal.amount)} "
                          "is owed at the counter again.")  # fmt: skip

    def _notices(self, user: Any, opts: dict[str, Any]) -> None:
        statement = _statement(opts["statement"])
        batch = do_start_notice_batch(statement, acting_user=user, run_here=True)
        assert batch.job_id is not None  # recorded with its job, not queued
        result = run_notice_batch(batch.job_id, batch.pk, progress=self._progress)
        self.stdout.write(result["message"])
        if opts["out"]:
            batch.refresh_from_db()
            self._write(batch.file.open("rb").read(), opts["out"])

    def _export(self, user: Any, opts: dict[str, Any]) -> None:
        statement = _statement(opts["statement"])
        layout = None
        if opts["layout"]:
            name, _, version = opts["layout"].partition(":")
            layout = ExportLayout.objects.filter(name=name, version=int(version) if version.isdigit() else 0).first()
            if layout is None:
                raise CommandError(f"--layout {opts['layout']!r}: no such layout is recorded (NAME:VERSION).")
        export = do_export_tax_roll(statement, layout=layout, acting_user=user)
        self.stdout.write(f"Export {export.pk} ({export.layout}): {export.rows} parcels, {money(export.total)}.")
        if opts["out"]:
            self._write(export.file.open("rb").read(), opts["out"])

    def _settle(self, user: Any, opts: dict[str, Any]) -> None:
        export = TaxRollExport.objects.filter(pk=int(opts["export"]) if opts["export"].isdigit() else 0).first()
        if export is None:
            raise CommandError(f"EXPORT {opts['export']!r}: no such export.")
        day = _day(opts["received_on"], "--received-on") if opts["received_on"] else timezone.localdate()
        try:
            data = Path(opts["file"]).read_bytes()
        except OSError as exc:
            raise CommandError(f"FILE {opts['file']}: {exc.strerror}") from exc
        settlement = do_record_settlement(export, received_on=day, acting_user=user, data=data)
        differences = reconcile(settlement)
        self.stdout.write(f"Settlement {settlement.pk}: {money(settlement.total)} credited; "
                          + (f"{len(differences)} difference(s):" if differences else "no difference."))  # fmt: skip
        for difference in differences:
            self.stdout.write(f"  {difference.sentence}")

    def _write(self, data: bytes, out: str) -> None:
        path = Path(out)
        path.write_bytes(data)
        self.stdout.write(f"Wrote {path} ({len(data):,} bytes).")

    def _progress(self, *, done: int, total: int | None = None, message: str = "") -> None:
        self.stdout.write(message or f"{done} of {total}")
        self.stdout.flush()
