"""The public side in the demo district, every date on or before the demo's today (2026-12-01): an owner with a
confirmed address, a linked parcel and paperless bills (the parcel's bills are on their page); a new account
whose address is not confirmed yet (its verification mail waits in the outbox, a file under var/mail/); and a
former owner whose link the clerk ended. The public accounts' password is written to var/demo-credentials.txt."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from sewerworks.billing.models import Bill
from sewerworks.core.demo import DEMO_BUILDERS, credentials_path, told_on
from sewerworks.core.mail.outbox import queue_mail
from sewerworks.core.models import OutgoingMail
from sewerworks.public import mail
from sewerworks.public.actions.accounts import verification_link
from sewerworks.public.actions.links import do_revoke_link
from sewerworks.public.models import LinkKind, PublicAccount, PublicLink
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import Ownership

User = get_user_model()


def _at(day: dt.date, hour: int = 10) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time(hour)))


def _account(email: str, password: str, signed_up: dt.date, verified: bool) -> PublicAccount:
    user = User.objects.create_user(username=f"public-{secrets.token_hex(12)}", email=email, password=password)
    account = PublicAccount.objects.create(user=user, email=email)
    PublicAccount.objects.filter(pk=account.pk).update(
        created_at=_at(signed_up), verified_at=_at(signed_up, 11) if verified else None
    )
    account.refresh_from_db()
    return account


def _link(account: PublicAccount, parcel_id: int, on: dt.date) -> PublicLink:
    since = Ownership.objects.filter(parcel_id=parcel_id, end__isnull=True).values_list("start", flat=True).first()
    link = PublicLink.objects.create(person=account, kind=LinkKind.PARCEL_OWNER, object_id=parcel_id, since=since,
                                     granted_by=account.user, how="access code of the demo's bill")  # fmt: skip
    PublicLink.objects.filter(pk=link.pk).update(granted_at=_at(on, 12))
    return link


@told_on(DEMO_TODAY)
def build(*, seed: int, parcels: int, write: Callable[[str], Any], **_: Any) -> None:
    if PublicAccount.objects.exists():
        return
    billed = list(Bill.objects.filter(status="posted").order_by("parcel_id").values_list("parcel_id", flat=True)
                  .distinct()[:2])  # fmt: skip
    if len(billed) < 2:
        return
    password = "demo-" + secrets.token_urlsafe(9)
    owner = _account("owner@example.org", password, DEMO_TODAY - dt.timedelta(days=20), verified=True)
    _link(owner, billed[0], DEMO_TODAY - dt.timedelta(days=20))
    PublicAccount.objects.filter(pk=owner.pk).update(paperless=True)
    newcomer = _account("newcomer@example.org", password, DEMO_TODAY, verified=False)
    subject, body = mail.verify_new(verification_link(newcomer))
    queued = queue_mail(newcomer.email, subject, body, kind="verify")
    if queued is not None:
        OutgoingMail.objects.filter(pk=queued.pk).update(created_at=_at(DEMO_TODAY), next_try_at=_at(DEMO_TODAY))
    former = _account("former.owner@example.org", password, DEMO_TODAY - dt.timedelta(days=60), verified=True)
    ended = _link(former, billed[1], DEMO_TODAY - dt.timedelta(days=60))
    clerk = User.objects.filter(username="clerk").first()
    if clerk is not None:
        ended = do_revoke_link(ended, acting_user=clerk, why="the owner sold the parcel and asked by phone")
        PublicLink.objects.filter(pk=ended.pk).update(revoked_at=_at(DEMO_TODAY - dt.timedelta(days=5)))
    path = credentials_path()
    if path.exists():
        with path.open("a", encoding="utf-8") as out:
            out.write(f"public accounts (/public/signin/): owner@example.org, newcomer@example.org, "
                      f"former.owner@example.org  {password}\n")  # fmt: skip
    write("Public side: owner@example.org linked with paperless bills, newcomer@example.org not confirmed (its mail "
          "in the outbox), former.owner@example.org's link ended by the clerk.")  # fmt: skip


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
