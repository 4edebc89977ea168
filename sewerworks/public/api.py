"""The public side over REST, in two parts.

- ``router`` (the staff's API, ``/api/``, login or token and role as every operation): the links of a parcel or
  a person, ending a link, replacing an account's access code. Refusals: 401, 403 for the wrong role (and for a
  public account, by the fence), 404 for an unknown id, 422 naming the field.
- ``public_api`` (``/public/api/``, a signed-in public account's session with its CSRF token): the person's
  parcels, a parcel with its balance and bills, a bill, a notice; every record fetched through ``scope`` (another
  person's, or one that does not exist, is the same 404). Refusals: 401 (no public account signed in: staff use
  ``/api/``), 404.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.urls import reverse
from ninja import Field, NinjaAPI, Router, Schema
from ninja.errors import HttpError
from ninja.security import SessionAuth

from sewerworks.billing.documents.context import printed_code
from sewerworks.billing.models import Bill
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404
from sewerworks.core.api.schemas import ErrorOut
from sewerworks.enforcement.models import Notice
from sewerworks.public import owner_page
from sewerworks.public.actions import do_revoke_link, do_rotate_access_code
from sewerworks.public.models import PublicLink
from sewerworks.public.scope import account_of, get_visible_or_404, live_links, visible
from sewerworks.registry.models import Parcel, SewerAccount

router = Router(tags=["public accounts"])
REFUSALS = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}


class PublicLinkOut(Schema):
    id: int
    person: str = Field(..., description="The public account's e-mail address.")
    kind: str
    parcel_id: int
    since: dt.date | None
    granted_at: dt.datetime
    how: str
    ended_at: dt.datetime | None
    why_ended: str


class PublicLinkEndIn(Schema):
    why: str = Field("", max_length=200, description="Why the link ends (kept with it and in the audit trail).")


class PublicAccessCodeIn(Schema):
    reason: str = Field("", max_length=200, description="Why the code is replaced (the audit trail keeps it).")


class PublicAccessCodeOut(Schema):
    account_id: int
    account_number: str
    access_code: str = Field(..., description="The new code, as the next bill prints it.")


def link_out(link: PublicLink) -> dict[str, Any]:
    return {"id": link.pk, "person": link.person.email, "kind": link.kind, "parcel_id": link.object_id,
            "since": link.since, "granted_at": link.granted_at, "how": link.how, "ended_at": link.revoked_at,
            "why_ended": link.revoked_why}  # fmt: skip


@router.get("/public-links", response={200: list[PublicLinkOut], **REFUSALS},
            summary="Public accounts' links, newest first (of one parcel with parcel_id)")  # fmt: skip
def list_links(request: HttpRequest, parcel_id: int | None = None, live: bool | None = None) -> Any:
    require(request, "public.view_link", what="read public accounts' links")
    qs = PublicLink.objects.select_related("person")
    if parcel_id is not None:
        qs = qs.filter(object_id=parcel_id)
    if live is not None:
        qs = qs.filter(revoked_at__isnull=live)
    return [link_out(x) for x in qs[:500]]


@router.post("/public-links/{link_id}/end", response={200: PublicLinkOut, **REFUSALS},
             summary="End a public account's link: the person no longer sees the parcel (ending it again changes "
             "nothing)")  # fmt: skip
def end_link(request: HttpRequest, link_id: int, payload: PublicLinkEndIn) -> Any:
    require(request, "public.revoke_link", what="end a public account's link")
    link = record_or_404(PublicLink.objects.select_related("person"), link_id, "link")
    return link_out(do_revoke_link(link, acting_user=request.user, why=payload.why or "ended by staff"))


@router.post("/access-codes/{account_id}/replace", response={200: PublicAccessCodeOut, **REFUSALS},
             summary="Replace a sewer account's access code (I-160): the code on bills already printed links "
             "nothing from now on")  # fmt: skip
def replace_code(request: HttpRequest, account_id: int, payload: PublicAccessCodeIn) -> Any:
    require(request, "public.rotate_access_code", what="replace an account's access code")
    account = record_or_404(SewerAccount, account_id, "sewer account")
    try:
        account = do_rotate_access_code(account, acting_user=request.user, reason=payload.reason)
    except PermissionDenied as exc:
        raise HttpError(403, str(exc)) from exc
    return {"account_id": account.pk, "account_number": account.account_number,
            "access_code": printed_code(account.access_code)}  # fmt: skip


# --- the public API -------------------------------------------------------------------------------------------


class PublicAccountSession(SessionAuth):
    """A signed-in public account (staff are refused by the fence before this is asked)."""

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = super().authenticate(request, key)
        return user if user is not None and account_of(user) is not None else None


public_api = NinjaAPI(title="sewerworks: your online account", version="1", urls_namespace="public_api",
                      auth=PublicAccountSession(), docs_url=None, openapi_url=None)  # fmt: skip


@public_api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> Any:
    return public_api.create_response(request, {"detail": str(exc) or "Not found."}, status=404)


class PublicBillOut(Schema):
    id: str = Field(..., description="The bill's public id.")
    period: str
    period_end: dt.date
    due_date: dt.date
    total: Decimal
    pdf: str


class PublicParcelOut(Schema):
    id: str = Field(..., description="The parcel's public id.")
    tax_map_number: str
    address: str


class PublicParcelPageOut(PublicParcelOut):
    balance: Decimal
    overdue: Decimal
    owed_before: Decimal = Field(..., description="Owed before your ownership began (I-164).")
    bills: list[PublicBillOut]
    relevy: list[str]
    sewer_available: bool


class PublicNoticeOut(Schema):
    id: str
    number: str
    section: str
    served_on: dt.date | None
    pdf: str


def parcel_out(p: Parcel) -> dict[str, Any]:
    return {"id": p.public_id, "tax_map_number": p.tax_map_number, "address": p.address}


def bill_out(b: Bill) -> dict[str, Any]:
    return {"id": b.public_id, "period": b.period.name, "period_end": b.period.end, "due_date": b.period.due_date,
            "total": b.total, "pdf": reverse("public:bill", args=[b.public_id])}  # fmt: skip


PUBLIC_REFUSALS = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


@public_api.get("/parcels", response={200: list[PublicParcelOut], **PUBLIC_REFUSALS}, summary="Your parcels")
def my_parcels(request: HttpRequest) -> Any:
    return [parcel_out(p) for p in visible(request.user, Parcel).order_by("tax_map_sort")]


@public_api.get("/parcels/{public_id}", response={200: PublicParcelPageOut, **PUBLIC_REFUSALS},
                summary="One of your parcels: balance, bills, relevy")  # fmt: skip
def my_parcel(request: HttpRequest, public_id: str) -> Any:
    parcel = get_visible_or_404(request.user, Parcel, public_id)
    since = next((x.since for x in _links(request) if x.object_id == parcel.pk), None)
    shown = owner_page.page(parcel, request.user, since)
    return {**parcel_out(parcel), "balance": shown["balance"], "overdue": shown["overdue"],
            "owed_before": shown["owed_before"], "bills": [bill_out(r.bill) for r in shown["bills"]],
            "relevy": shown["relevy"], "sewer_available": shown["availability"]["available"]}  # fmt: skip


def _links(request: HttpRequest) -> list[PublicLink]:
    return live_links(request.user)


@public_api.get("/bills/{public_id}", response={200: PublicBillOut, **PUBLIC_REFUSALS}, summary="One of your bills")
def my_bill(request: HttpRequest, public_id: str) -> Any:
    return bill_out(get_visible_or_404(request.user, Bill, public_id))


@public_api.get("/notices/{public_id}", response={200: PublicNoticeOut, **PUBLIC_REFUSALS},
                summary="A notice served on one of your parcels")  # fmt: skip
def my_notice(request: HttpRequest, public_id: str) -> Any:
    n = get_visible_or_404(request.user, Notice, public_id)
    return {"id": n.public_id, "number": str(n.number), "section": owner_page.heading(n.section),
            "served_on": n.served_on, "pdf": reverse("public:notice", args=[n.public_id])}  # fmt: skip
