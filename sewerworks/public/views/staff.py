"""The staff's view of the public side (login and role as every staff page): who is linked to what, ending a link,
replacing an account's access code, and the outbox (every mail the site sent, the demo's included)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from sewerworks.core.models import OutgoingMail
from sewerworks.public.actions import do_revoke_link, do_rotate_access_code
from sewerworks.public.models import PublicAccount, PublicLink
from sewerworks.registry.models import Parcel, SewerAccount

view_required = permission_required("public.view_link", raise_exception=True)


def _back(request: HttpRequest, fallback: str) -> HttpResponse:
    wanted = str(request.POST.get("next", ""))
    return redirect(wanted if wanted.startswith("/") and not wanted.startswith("//") else fallback)


@view_required
def links(request: HttpRequest) -> HttpResponse:
    query = str(request.GET.get("q", "")).strip().lower()[:254]
    accounts = PublicAccount.objects.order_by("email")
    if query:
        accounts = accounts.filter(email__contains=query)
    rows = list(PublicLink.objects.filter(person__in=accounts[:200]).select_related("person", "granted_by",
                                                                                    "revoked_by")[:500])  # fmt: skip
    parcels = Parcel.objects.in_bulk([r.object_id for r in rows])
    return render(request, "public/staff/links.html", {
        "q": query, "accounts": accounts[:200], "rows": [(r, parcels.get(r.object_id)) for r in rows],
        "may_revoke": request.user.has_perm("public.revoke_link"),
    })  # fmt: skip


@require_POST
@view_required
def revoke(request: HttpRequest, pk: int) -> HttpResponse:
    link = get_object_or_404(PublicLink.objects.select_related("person"), pk=pk)
    do_revoke_link(link, acting_user=request.user, why=str(request.POST.get("why", ""))[:200] or "ended by staff")
    messages.success(request, f"{link.person.email} no longer sees parcel {link.object_id}.")
    return _back(request, "public_staff:links")


@require_POST
@view_required
def rotate(request: HttpRequest, pk: int) -> HttpResponse:
    account = get_object_or_404(SewerAccount, pk=pk)
    do_rotate_access_code(account, acting_user=request.user, reason=str(request.POST.get("reason", ""))[:200])
    messages.success(request, f"Account {account.account_number} has a new access code: it is printed on its next "
                              "bill; the old one links nothing.")  # fmt: skip
    return _back(request, "public_staff:links")


@permission_required("public.view_outbox", raise_exception=True)
def outbox(request: HttpRequest) -> HttpResponse:
    return render(request, "public/staff/outbox.html", {"mails": OutgoingMail.objects.all()[:100]})
