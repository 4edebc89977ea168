"""The county's side of the relevy (§118-53, I-121): record a layout, write the export, record the settlement.

- ``do_record_layout``: a county file layout (a new version of one, never an edit), checked column by column.
- ``do_export_tax_roll``: a relevied statement in a layout (the built-in sample, illustrative until the county's
  specification is on file, unless another is named); refused while any row is rejected, naming each (a reject is
  resolved in the registry or taken off the roll, ``actions.relevy.do_remove_from_roll``).
- ``do_record_settlement``: what the county credits, from its file (read through the export's layout) or entered
  line by line; reconciled per parcel (``taxroll.settlement``).
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.utils import timezone

from sewerworks.billing.models import CountySettlement, ExportLayout, SettlementLine, TaxRollExport, UnpaidStatement
from sewerworks.billing.models.relevy import RELEVIED
from sewerworks.billing.taxroll.columns import ColumnMap, LayoutError
from sewerworks.billing.taxroll.export import FIELDS, ILLUSTRATIVE, county_rows, print_key
from sewerworks.billing.taxroll.settlement import read_settlement
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.money import dollars
from sewerworks.core.records import events
from sewerworks.core.text import NUL

CLERK = "the Town Clerk's office"


def sample_layout() -> ExportLayout:
    """The built-in sample layout, recorded once (illustrative until the county's specification is on file)."""
    layout, _ = ExportLayout.objects.get_or_create(
        name=ILLUSTRATIVE["name"], version=ILLUSTRATIVE["version"],
        defaults={"spec": ILLUSTRATIVE, "note": ILLUSTRATIVE["note"], "created_at": events.now()},
    )  # fmt: skip
    return layout


def do_record_layout(spec: Any, *, acting_user: Any) -> ExportLayout:
    """Record a county file layout; refused naming the column and the rule, or an existing version."""
    require(acting_user, "billing.export_tax_roll", "record a county file layout", who_may=CLERK)
    try:
        layout = ColumnMap.from_spec(spec, fields=FIELDS)
    except LayoutError as exc:
        raise ValidationError({"spec": f"{exc.where}: {exc.message}"}) from exc
    try:
        with transaction.atomic():
            record = ExportLayout.objects.create(name=layout.name, version=layout.version, spec=layout.to_spec(),
                                                 note=layout.note, created_at=events.now(), created_by=acting_user)
    except IntegrityError:
        message = f"{layout.name} v{layout.version} is recorded: a change is a new version."
        raise ValidationError({"version": message}) from None
    AuditEvent.objects.create(actor=acting_user, action="do_record_layout", subject=str(record), rows=1,
                              detail={"layout": record.pk, "columns": len(layout.columns)})  # fmt: skip
    return record


def do_export_tax_roll(statement: UnpaidStatement, *, acting_user: Any, layout: ExportLayout | None = None,
                       on: dt.date | None = None) -> TaxRollExport:  # fmt: skip
    """Write the relevied ``statement`` for the county in ``layout`` (default: the sample), ``on`` a day (today)."""
    require(acting_user, "billing.export_tax_roll", "write the tax roll export", who_may=CLERK)
    if statement.status != RELEVIED:
        raise ValidationError({"statement": f"The statement of {statement.statement_date} is not relevied: the Board "
                               "adopts it first."})  # fmt: skip
    day = on or timezone.localdate()
    if day > timezone.localdate() or (statement.adopted_on and day < statement.adopted_on):
        raise ValidationError({"on": f"An export is written between the relevy ({statement.adopted_on}) and today."})
    record = layout or sample_layout()
    columns = ColumnMap.from_spec(record.spec, fields=FIELDS)
    rows, rejects = county_rows(statement)
    if rejects:
        shown = "; ".join(r.sentence for r in rejects[:20]) + ("; …" if len(rejects) > 20 else "")
        raise ValidationError({"rejects": f"{len(rejects)} parcel(s) the county cannot take: {shown}. Resolve each "
                               "in the registry, or take it off the roll with a reason."})  # fmt: skip
    text = io.StringIO(newline="")
    try:
        count = columns.write(rows, text)
    except LayoutError as exc:
        raise ValidationError({"layout": f"{columns.label}: {exc}"}) from exc
    total = sum((Decimal(r["amount"]) for r in rows), Decimal("0.00"))
    with transaction.atomic():
        export = TaxRollExport(statement=statement, layout=record, rows=count, total=total, written_on=day,
                               created_at=events.now(), created_by=acting_user)
        export.file.save(f"export{columns.extension}", ContentFile(text.getvalue().encode("utf-8")), save=False)
        export.save()
        AuditEvent.objects.create(actor=acting_user, action="do_export_tax_roll", subject=str(export)[:200], rows=count,
                                  detail={"export": export.pk, "statement": statement.pk, "layout": str(record),
                                          "total": format(total, "f")})  # fmt: skip
    return export


def _text(data: bytes) -> str:
    if len(data) > int(settings.SEWERWORKS_MAX_UPLOAD_BYTES):
        raise ValidationError({"file": "The county's file is larger than the largest upload."})
    if NUL.encode() in data:
        raise ValidationError({"file": "The county's file is not text (judged by its content)."})
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValidationError({"file": "The county's file is not UTF-8 text (judged by its content)."}) from None


def do_record_settlement(export: TaxRollExport, *, received_on: dt.date, acting_user: Any, data: bytes | None = None,
                         lines: Sequence[tuple[str, Any]] = ()) -> CountySettlement:  # fmt: skip
    """Record what the county credited for ``export``: its file (``data``) or entered ``lines``."""
    require(acting_user, "billing.export_tax_roll", "record the county's settlement", who_may=CLERK)
    if received_on > timezone.localdate():
        raise ValidationError({"received_on": f"{received_on} is after today (I-50)."})
    if received_on < export.written_on:
        raise ValidationError({"received_on": f"Before the export was written ({export.written_on})."})
    if data is not None:
        try:
            credited = read_settlement(export, _text(data))
        except LayoutError as exc:
            raise ValidationError({"file": f"{exc.where}: {exc.message}"}) from exc
    else:
        credited = []
        for n, (key, amount) in enumerate(lines, 1):
            try:
                value = dollars(amount, allow_negative=True)
            except ValidationError as exc:
                raise ValidationError({"lines": f"line {n}: {' '.join(exc.messages)}"}) from exc
            if not str(key).strip() or value is None:
                raise ValidationError({"lines": f"line {n}: a print key and an amount."})
            credited.append((str(key).strip(), value))
    if not credited:
        raise ValidationError({"file" if data is not None else "lines": "No credit in it: nothing to record."})
    parcels = {}
    for parcel_id, number in export.statement.lines.values_list("parcel_id", "tax_map_number").distinct():
        keys = print_key(number)
        if keys:
            parcels[keys[0]] = parcel_id
    with transaction.atomic():
        settlement = CountySettlement(export=export, received_on=received_on, source="file" if data else "entry",
                                      total=sum((a for _, a in credited), Decimal("0.00")), created_at=events.now(),
                                      created_by=acting_user)  # fmt: skip
        if data is not None:
            settlement.file.save("settlement.dat", ContentFile(data), save=False)
        settlement.save()
        SettlementLine.objects.bulk_create(
            SettlementLine(settlement=settlement, row=n, print_key=key[:40], parcel_id=parcels.get(key), amount=amount)
            for n, (key, amount) in enumerate(credited, 1)
        )
        AuditEvent.objects.create(actor=acting_user, action="do_record_settlement", subject=str(settlement)[:200],
                                  rows=len(credited), detail={"settlement": settlement.pk, "export": export.pk,
                                                              "total": format(settlement.total, "f")})  # fmt: skip
    return settlement
