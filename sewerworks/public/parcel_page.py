"""What the public side adds to the staff's parcel page: who sees the parcel online, each account's access code
(the one printed on its bills, I-160), and the buttons to end a link or replace a code."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from sewerworks.core.records.sections import RecordSection, prefetched, present, record_probe, record_section
from sewerworks.public.models import LinkKind, PublicLink
from sewerworks.registry.models import Parcel, SewerAccount

record_probe("public_links", lambda pk: PublicLink.objects.filter(kind=LinkKind.PARCEL_OWNER, object_id=pk))


@record_section
def parcel_public_links(request: HttpRequest, subject: Any) -> RecordSection | None:
    if not isinstance(subject, Parcel) or not request.user.has_perm("public.view_link"):
        return None
    links: list[PublicLink] = []
    if present(subject, "public_links"):  # the parcel's probes, when its page read them
        links = list(PublicLink.objects.filter(kind=LinkKind.PARCEL_OWNER, object_id=subject.pk)
                     .select_related("person")[:20])  # fmt: skip
    accounts = sorted(prefetched(subject, "accounts", lambda: SewerAccount.objects.filter(parcel=subject)),
                      key=lambda a: a.account_number)  # fmt: skip
    if not links and not accounts:
        return None
    return RecordSection("Online access (public accounts, I-160)", "public/staff/_parcel_section.html", {
        "links": links, "accounts": accounts, "may_revoke": request.user.has_perm("public.revoke_link"),
        "may_rotate": request.user.has_perm("public.rotate_access_code"), "here": request.get_full_path(),
    }, order=95)  # fmt: skip
