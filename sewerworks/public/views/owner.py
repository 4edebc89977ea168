"""A public account's own pages: its parcels (linking one with a bill's code), a parcel's page, a bill's PDF, a
notice's PDF. Every record is fetched through ``scope`` (another person's is a 404)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from sewerworks.billing.documents.render import mailed_bill_pdf
from sewerworks.billing.models import Bill
from sewerworks.core.documents.responses import pdf_response
from sewerworks.enforcement.documents.render import notice_pdf
from sewerworks.enforcement.models import Notice
from sewerworks.public import owner_page
from sewerworks.public.actions import (
    AccountRefused,
    LinkRefused,
    do_link_parcel,
    do_revoke_link,
    do_set_paperless,
    send_verification,
)
from sewerworks.public.models import LinkKind, PublicAccount, PublicLink
from sewerworks.public.scope import forget, get_visible_or_404, live_links, visible
from sewerworks.public.views.common import page, public_account_required
from sewerworks.registry.models import Parcel


@public_account_required
def me(request: HttpRequest, account: PublicAccount) -> HttpResponse:
    links = {link.object_id: link for link in live_links(request.user) if link.kind == LinkKind.PARCEL_OWNER}
    parcels = list(visible(request.user, Parcel).order_by("tax_map_sort"))
    return page(request, "public/me.html", {"account": account, "parcels": parcels, "links": links,
                                            "typed": request.session.pop("public_typed_account", "")})  # fmt: skip


@require_POST
@public_account_required
def link(request: HttpRequest, account: PublicAccount) -> HttpResponse:
    number = str(request.POST.get("account_number", ""))[:60]
    try:
        made = do_link_parcel(account, number, str(request.POST.get("access_code", ""))[:60], request=request)
    except LinkRefused as exc:
        messages.error(request, str(exc))
        request.session["public_typed_account"] = number
        return redirect("public:me")
    forget(request.user)
    parcel = Parcel.objects.get(pk=made.object_id)
    messages.success(request, f"Linked: {parcel.address or parcel.tax_map_number}.")
    return redirect("public:parcel", parcel.public_id)


@require_POST
@public_account_required
def paperless(request: HttpRequest, account: PublicAccount) -> HttpResponse:
    try:
        do_set_paperless(account, request.POST.get("paperless") == "on", acting_user=request.user)
    except AccountRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "Your bills come by e-mail from the next one." if account.paperless
                         else "Your bills come on paper from the next one.")  # fmt: skip
    return redirect("public:me")


@require_POST
@public_account_required
def resend(request: HttpRequest, account: PublicAccount) -> HttpResponse:
    try:
        send_verification(account)
    except AccountRefused as exc:
        messages.info(request, str(exc))
    else:
        messages.success(request, f"We sent a new link to {account.email}.")
    return redirect("public:me")


@public_account_required
def parcel(request: HttpRequest, account: PublicAccount, public_id: str) -> HttpResponse:
    found = get_visible_or_404(request.user, Parcel, public_id)
    link = next(x for x in live_links(request.user) if x.object_id == found.pk and x.kind == LinkKind.PARCEL_OWNER)
    return page(request, "public/parcel.html", {**owner_page.page(found, request.user, link.since), "link": link})


@require_POST
@public_account_required
def unlink(request: HttpRequest, account: PublicAccount, public_id: str) -> HttpResponse:
    found = get_visible_or_404(request.user, Parcel, public_id)
    for one in PublicLink.objects.filter(person=account, object_id=found.pk, revoked_at__isnull=True):
        do_revoke_link(one, acting_user=request.user, why="removed by its owner")
    messages.success(request, f"{found.address or found.tax_map_number} is no longer linked to your account.")
    return redirect("public:me")


@public_account_required
def bill(request: HttpRequest, account: PublicAccount, public_id: str) -> HttpResponse:
    found = get_visible_or_404(request.user, Bill, public_id)
    return pdf_response(mailed_bill_pdf(found), f"sewer-bill-{found.period.end:%Y-%m}.pdf")


@public_account_required
def notice(request: HttpRequest, account: PublicAccount, public_id: str) -> HttpResponse:
    found = get_visible_or_404(request.user, Notice, public_id)
    return pdf_response(notice_pdf(found), f"notice-{found.number}.pdf")
