"""The year end over REST (§118-53), on billing's router: the draft statement and an account's reading of it (the
topic ``relevy`` from the ledger), filing, the notices before relevy (a job), the Board's adoption (the relevy),
a removal from the roll, the county's export in a layout (its rejects, its file) and its settlement reconciled.
The same actions as the screens, role-checked and audited. Refusals: 401, 403 for a role that may not, 404 for
an unknown id, 422 naming the field and the rule (a statement before the last filed, an adoption of a statement
not filed or before the cut-off, a removal after certification, rows the county cannot take).

Money is a decimal string of dollars (``"43.03"``); a JSON number is refused, as 0.1 is not ten cents.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from ninja import Field, Query, Schema, Status
from ninja.errors import HttpError

from sewerworks.billing.actions.notices import do_start_notice_batch
from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement, do_remove_from_roll
from sewerworks.billing.actions.taxroll import do_export_tax_roll, do_record_layout, do_record_settlement
from sewerworks.billing.api.relevy_schemas import (
    RelevyAdoptionIn,
    RelevyDraftOut,
    RelevyExportIn,
    RelevyExportOut,
    RelevyLayoutIn,
    RelevyLayoutOut,
    RelevyNoticesIn,
    RelevyNoticesOut,
    RelevyRejectOut,
    RelevyRemovalIn,
    RelevyRemovalOut,
    RelevySettlementIn,
    RelevySettlementOut,
    RelevyStatementIn,
    RelevyStatementOut,
    draft_out,
    export_out,
    settlement_out,
    statement_out,
)  # fmt: skip
from sewerworks.billing.api.router import VIEW, router
from sewerworks.billing.models import ExportLayout, TaxRollExport, UnpaidStatement
from sewerworks.billing.taxroll.export import county_rows
from sewerworks.billing.taxroll.facts import relevy_decision
from sewerworks.billing.taxroll.statement import draft
from sewerworks.billing.taxroll.terms import terms_for
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.api.schemas import Day
from sewerworks.ordinance.parameters import NotInForce
from sewerworks.registry.api import REFUSALS
from sewerworks.registry.models import Parcel, SewerAccount


class DraftQuery(Schema):
    on: Day = Field(..., description="The statement date: unpaid at the end of it (§118-53; Town Law §104).")
    limit: int = Field(200, ge=1, le=1000, description="Lines and exclusions listed (the totals count them all).")


class DecisionQuery(Schema):
    on: Day = Field(..., description="The statement date.")
    cutoff: Day | None = Field(None, description="The counter's last day: with it, what the relevy moves.")


def _statement(statement_id: int) -> UnpaidStatement:
    return _get(UnpaidStatement.objects.select_related("resolution", "supersedes"), statement_id, "statement")


@router.get("/billing/relevy/draft", response={200: RelevyDraftOut, **REFUSALS},
            summary="The draft statement of unpaid sewer rents of a day, with every exclusion and its reason")
def get_draft(request: HttpRequest, query: Query[DraftQuery]) -> Any:
    require(request, VIEW)
    try:
        if query.on > dt.date.today():
            raise ValidationError({"on": f"{query.on} is after today: a statement is of a day that has ended (I-50)."})
        return draft_out(draft(terms_for(query.on), limit=query.limit))
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.get("/billing/relevy/accounts/{account_id}/decision", response={200: dict[str, Any], **REFUSALS},
            summary="An account on the statement: the topic relevy's Decision from the ledger, with citations")
def get_account_decision(request: HttpRequest, account_id: int, query: Query[DecisionQuery]) -> Any:
    require(request, VIEW)
    account = _get(SewerAccount, account_id, "sewer account")
    if query.cutoff is not None and query.cutoff < query.on:
        raise HttpError(422, "cutoff: the counter's cut-off is on or after the statement date.")
    try:
        decided = relevy_decision(account, query.on, query.cutoff)
    except ValidationError as exc:
        raise _refused(exc) from exc
    except (ValueError, NotInForce) as exc:  # facts the topic refuses, a day no terms were in force
        raise HttpError(422, f"on: no relevy decision can be made for {query.on}: {exc}") from exc
    return decided.model_dump(mode="json")


@router.post("/billing/relevy/statements", response={201: RelevyStatementOut, **REFUSALS},
             summary="File the statement of unpaid sewer rents of a day with the Town Board (the Town Clerk)")
def file_statement(request: HttpRequest, payload: RelevyStatementIn) -> Any:
    require(request, "billing.file_statement")
    try:
        statement = do_file_statement(payload.statement_date, acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, statement_out(statement))


@router.get("/billing/relevy/statements", response={200: list[RelevyStatementOut], **REFUSALS},
            summary="The statements filed, newest first")  # fmt: skip
def list_statements(request: HttpRequest) -> Any:
    require(request, VIEW)
    return [statement_out(s, differences=False) for s in UnpaidStatement.objects.select_related("resolution")[:100]]


@router.get("/billing/relevy/statements/{statement_id}", response={200: RelevyStatementOut, **REFUSALS},
            summary="A statement: totals, documents, and once relevied what moved against what was stated")  # fmt: skip
def get_statement(request: HttpRequest, statement_id: int) -> Any:
    require(request, VIEW)
    return statement_out(_statement(statement_id))


@router.post("/billing/relevy/statements/{statement_id}/notices", response={202: RelevyNoticesOut, **REFUSALS},
             summary="Print the notices before relevy as one PDF in mailing order (a background job)")  # fmt: skip
def start_notices(request: HttpRequest, statement_id: int, payload: RelevyNoticesIn) -> Any:
    require(request, "billing.print_bills")
    try:
        batch = do_start_notice_batch(_statement(statement_id), order=payload.order, acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(202, {"id": batch.pk, "statement_id": statement_id, "job_id": batch.job_id, "order": batch.order})


@router.post("/billing/relevy/statements/{statement_id}/adoption", response={200: RelevyStatementOut, **REFUSALS},
             summary="Record the Board's adoption by a recorded resolution: the relevy to the tax roll")  # fmt: skip
def adopt(request: HttpRequest, statement_id: int, payload: RelevyAdoptionIn) -> Any:
    require(request, "billing.record_relevy")
    statement = _statement(statement_id)
    from sewerworks.core.models import BoardResolution

    resolution = _get(BoardResolution, payload.resolution_id, "resolution")
    try:
        done = do_adopt_statement(statement, resolution=resolution, adopted_on=payload.adopted_on,
                                  acting_user=request.user)  # fmt: skip
    except ValidationError as exc:
        raise _refused(exc) from exc
    return statement_out(done)


@router.post("/billing/relevy/statements/{statement_id}/removals", response={201: RelevyRemovalOut, **REFUSALS},
             summary="Take a parcel off the roll before certification (counter-entries, never a delete)")  # fmt: skip
def remove(request: HttpRequest, statement_id: int, payload: RelevyRemovalIn) -> Any:
    require(request, "billing.record_relevy")
    statement = _statement(statement_id)
    parcel = _get(Parcel, payload.parcel_id, "parcel")
    try:
        removal = do_remove_from_roll(statement, parcel, reason=payload.reason, removed_on=payload.removed_on,
                                      acting_user=request.user)  # fmt: skip
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, {"statement_id": statement.pk, "parcel_id": parcel.pk, "removed_on": removal.removed_on,
                        "amount": removal.amount, "reason": removal.reason})  # fmt: skip


@router.get("/billing/relevy/statements/{statement_id}/rejects", response={200: list[RelevyRejectOut], **REFUSALS},
            summary="The parcels of a relevied statement the county cannot take, and why")  # fmt: skip
def rejects(request: HttpRequest, statement_id: int) -> Any:
    require(request, "billing.export_tax_roll")
    _, found = county_rows(_statement(statement_id))
    return [{"parcel_id": r.parcel_id, "tax_map_number": r.tax_map_number, "amount": r.amount,
             "reasons": list(r.reasons)} for r in found]  # fmt: skip


@router.post("/billing/relevy/layouts", response={201: RelevyLayoutOut, **REFUSALS},
             summary="Record a county file layout (a new version, never an edit)")  # fmt: skip
def record_layout(request: HttpRequest, payload: RelevyLayoutIn) -> Any:
    require(request, "billing.export_tax_roll")
    try:
        layout = do_record_layout(payload.spec, acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, {"id": layout.pk, "name": layout.name, "version": layout.version, "spec": layout.spec})


@router.post("/billing/relevy/statements/{statement_id}/exports", response={201: RelevyExportOut, **REFUSALS},
             summary="Write a relevied statement for the county in a layout (refused while a row is rejected)")
def export(request: HttpRequest, statement_id: int, payload: RelevyExportIn) -> Any:
    require(request, "billing.export_tax_roll")
    statement = _statement(statement_id)
    layout = _get(ExportLayout, payload.layout_id, "layout") if payload.layout_id else None
    try:
        written = do_export_tax_roll(statement, layout=layout, acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, export_out(written))


@router.get("/billing/relevy/exports/{export_id}/file", response={**REFUSALS},
            summary="The export's file, as the county receives it",
            openapi_extra={"responses": {200: {"description": "The file.", "content": {"text/plain": {}}}}})
def export_file(request: HttpRequest, export_id: int) -> HttpResponse:
    require(request, "billing.export_tax_roll")
    written = _get(TaxRollExport.objects.select_related("layout", "statement"), export_id, "export")
    with written.file.open("rb") as handle:
        response = HttpResponse(handle.read(), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{written.download_name}"'
    return response


@router.post("/billing/relevy/exports/{export_id}/settlements", response={201: RelevySettlementOut, **REFUSALS},
             summary="Record the county's settlement of an export (its file's text, or credits) and reconcile it")
def settle(request: HttpRequest, export_id: int, payload: RelevySettlementIn) -> Any:
    require(request, "billing.export_tax_roll")
    written = _get(TaxRollExport.objects.select_related("layout", "statement"), export_id, "export")
    if (payload.file_text is None) == (not payload.lines):
        raise HttpError(422, "file_text: give the county's file as text, or lines of credits, one of the two.")
    try:
        data = payload.file_text.encode("utf-8") if payload.file_text is not None else None
        lines = [(line.print_key, line.amount) for line in payload.lines]
        recorded = do_record_settlement(written, received_on=payload.received_on, acting_user=request.user,
                                        data=data, lines=lines)  # fmt: skip
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, settlement_out(recorded))

