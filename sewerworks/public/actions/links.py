"""Links: an owner links a parcel with an account number and the access code on its bill (I-160); staff and the
person end a link; the clerk replaces an account's code; a parcel that changes hands ends its owners' links and
gets new codes (I-161)."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.models.public_ids import ACCESS_CODE_LENGTH
from sewerworks.public.access import CODE_LOCK, LINKING, client_address
from sewerworks.public.models import LinkKind, PublicAccount, PublicLink
from sewerworks.registry.models import Ownership, Parcel, SewerAccount

NO_MATCH = ("The account number and access code do not match a bill of ours. Check both on your latest bill "
            "(the code is printed beside the account number); wrong tries are counted.")  # fmt: skip
DUMMY_CODE = "0" * ACCESS_CODE_LENGTH
GRANTED, REVOKED, ROTATED = "public link granted", "public link ended", "access code replaced"


class LinkRefused(Exception):
    """A link refused, in words the person can act on."""


def normalise_code(text: str) -> str:
    """What a person types for the code ("3f9c 2e1a-7b") as stored: hex digits, lower case."""
    return "".join(ch for ch in (text or "").lower() if ch.isalnum())[:32]


def _ownership_start(parcel_id: int) -> dt.date | None:
    held = Ownership.objects.filter(parcel_id=parcel_id, end__isnull=True, start__isnull=False)
    start: dt.date | None = held.order_by("-start").values_list("start", flat=True).first()
    return start


def do_link_parcel(person: PublicAccount, account_number: str, code: str, *, request: Any = None) -> PublicLink:
    """Link ``person`` as owner to the parcel of the sewer account ``account_number`` whose access code is
    ``code`` (I-160). Refused: an unconfirmed e-mail address; an address or account number cooling after too many
    wrong codes; a wrong pair (one message, whether the account exists or not)."""
    if not person.verified:
        raise LinkRefused("Confirm your e-mail address first (open the link we mailed you), then link your parcel.")
    address = client_address(request)
    number = (account_number or "").strip()[:30]
    subject = f"account {number.upper()}"
    until = LINKING.refused_until(address)
    if until is not None:
        LINKING.refuse(address, person=person.pk)
        raise LinkRefused(f"Too many wrong codes from your address: linking is paused until "
                          f"{timezone.localtime(until):%H:%M}.")  # fmt: skip
    until = CODE_LOCK.locked_until(subject)
    if until is not None:
        CODE_LOCK.refuse(subject, actor=person.user, address=address)
        raise LinkRefused(f"Too many wrong codes for this account number: try again after "
                          f"{timezone.localtime(until):%H:%M}, or ask the Town Clerk's office.")  # fmt: skip
    account = SewerAccount.objects.filter(account_number__iexact=number).first() if number else None
    stored = account.access_code if account is not None else DUMMY_CODE
    if account is None or not constant_time_compare(stored, normalise_code(code)):
        CODE_LOCK.fail(subject, actor=person.user, address=address, person=person.pk)
        LINKING.note_failure(address)
        raise LinkRefused(NO_MATCH)
    with transaction.atomic():
        live = PublicLink.objects.filter(person=person, kind=LinkKind.PARCEL_OWNER, object_id=account.parcel_id,
                                         revoked_at__isnull=True).first()  # fmt: skip
        if live is not None:
            return live
        link = PublicLink.objects.create(
            person=person, kind=LinkKind.PARCEL_OWNER, object_id=account.parcel_id, granted_by=person.user,
            since=_ownership_start(account.parcel_id) or timezone.localdate(),
            how=f"access code of account {account.account_number}"[:120],
        )  # fmt: skip
        AuditEvent.objects.create(action=GRANTED, actor=person.user, subject=f"parcel {account.parcel_id}",
                                  detail={"link": link.pk, "person": person.pk, "account": account.pk,
                                          "address": address})  # fmt: skip
    return link


def do_revoke_link(link: PublicLink, *, acting_user: Any, why: str = "") -> PublicLink:
    """End a link: staff who may (``public.revoke_link``), or the person themselves (their own link). An ended
    link stays ended; ending it again changes nothing."""
    own = acting_user is not None and link.person.user_id == acting_user.pk
    if not own:
        require(acting_user, "public.revoke_link", "end a public account's link")
    with transaction.atomic():
        fresh = PublicLink.objects.select_for_update().get(pk=link.pk)
        if fresh.revoked_at is None:
            fresh.revoked_at, fresh.revoked_by = timezone.now(), acting_user
            fresh.revoked_why = (why or ("removed by its owner" if own else "ended by staff"))[:200]
            fresh.save(update_fields=["revoked_at", "revoked_by", "revoked_why"])
            detail = {"link": fresh.pk, "person": fresh.person_id, "why": fresh.revoked_why}
            AuditEvent.objects.create(action=REVOKED, actor=acting_user, subject=f"parcel {fresh.object_id}",
                                      detail=detail)  # fmt: skip
    return fresh


def do_rotate_access_code(account: SewerAccount, *, acting_user: Any, reason: str = "") -> SewerAccount:
    """Replace the account's access code with a new random one (the clerk, on request): the code on bills
    already printed links nothing from now on; links already made stay (end them with ``do_revoke_link``)."""
    require(acting_user, "public.rotate_access_code", "replace an account's access code")
    with transaction.atomic():
        account.access_code = secrets.token_hex(ACCESS_CODE_LENGTH // 2)
        account._change_reason = "Access code replaced"  # type: ignore[attr-defined]
        account._history_user = acting_user  # type: ignore[attr-defined]
        account.save(update_fields=["access_code"])
        AuditEvent.objects.create(action=ROTATED, actor=acting_user, subject=f"account {account.account_number}",
                                  detail={"account": account.pk, "reason": reason[:200]})  # fmt: skip
    account.refresh_from_db(fields=["access_code"])
    return account


def end_links_of_parcels(parcel_ids: Iterable[int], *, why: str) -> int:
    """I-161: the parcels changed hands: end every live owner's link to them and replace their accounts' access
    codes, in the caller's transaction (the transfer's). Returns the links ended."""
    ids = sorted(set(parcel_ids))
    if not ids:
        return 0
    now = timezone.now()
    live = PublicLink.objects.filter(kind=LinkKind.PARCEL_OWNER, object_id__in=ids, revoked_at__isnull=True)
    ended = list(live.values_list("pk", "object_id"))
    live.update(revoked_at=now, revoked_why=why[:200])
    rotated = 0
    for account in SewerAccount.objects.filter(parcel_id__in=ids):  # saved, so each account's history has it
        account.access_code = secrets.token_hex(ACCESS_CODE_LENGTH // 2)
        account._change_reason = "Access code replaced: the property changed hands"  # type: ignore[attr-defined]
        account.save(update_fields=["access_code"])
        rotated += 1
    for parcel_id in ids:
        AuditEvent.objects.create(
            action="public links ended (changed hands)", subject=f"parcel {parcel_id}", rows=len(ended),
            detail={"links": [pk for pk, obj in ended if obj == parcel_id], "why": why[:200],
                    "codes_replaced": rotated},
        )  # fmt: skip
    return len(ended)


def parcel_of(link: PublicLink) -> Parcel | None:
    return Parcel.objects.filter(pk=link.object_id).first() if link.kind == LinkKind.PARCEL_OWNER else None
