"""Two owners in the Hamlet of Marlborough, Ann and Bob, each with a parcel, a sewer account, a posted autumn bill,
a notice served and its deadline; each with a public account linked to their own parcel. And a real local SMTP
server (aiosmtpd) the site's mail goes to."""

from __future__ import annotations

import datetime as dt
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from sewerworks.billing.actions import do_open_period, do_post_period, do_review_period
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill
from sewerworks.core.testing.people import staff
from sewerworks.enforcement.actions.notices import do_issue_notice, do_record_service
from sewerworks.enforcement.models import Deadline, Notice
from sewerworks.public.models import LinkKind, PublicAccount, PublicLink
from sewerworks.registry.models import MeterRead, Parcel, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f

__all__ = ["staff"]  # the staff every program's tests share (core.testing.people)


class Catcher:
    """The SMTP server's handler: keeps every message it receives."""

    def __init__(self) -> None:
        self.messages: list[Any] = []
        self.port = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        from email import message_from_bytes, policy

        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def to(self, address: str) -> list[Any]:
        return [m for m in self.messages if m["To"] == address]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp(settings: Any) -> Iterator[Catcher]:
    """A local SMTP server; the site's mail goes to it through Django's SMTP backend."""
    catcher = Catcher()
    controller = Controller(catcher, hostname="127.0.0.1", port=free_port())
    controller.start()
    catcher.port = controller.port
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    try:
        yield catcher
    finally:
        controller.stop()


@dataclass
class Owner:
    name: str
    parcel: Parcel
    account: SewerAccount
    bill: Bill
    notice: Notice
    deadline: Deadline
    public: PublicAccount
    user: Any
    link: PublicLink
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class World:
    staff: Any
    ann: Owner
    bob: Owner
    period: Any


def _account(parcel: Parcel, n: int) -> SewerAccount:
    account = SewerAccount.objects.create(account_number=f"MAR-{n:06d}", parcel=parcel, user_class="residential",
                                          metered=True, in_water_district=True)  # fmt: skip
    meter = WaterMeter.objects.create(serial=f"WM{n:06d}", account=account, dials=6, unit="gal",
                                      purpose="sewer_use", installed_on=dt.date(2015, 3, 1))  # fmt: skip
    MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 3, 31), reading=1_000)
    MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 9, 30), reading=1_000 + 4_000 * n)
    return account


def make_public(email: str, *, verified: bool = True) -> PublicAccount:
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    user = get_user_model().objects.create_user(username=f"public-{email}", email=email, password="a long passphrase 1")
    return PublicAccount.objects.create(user=user, email=email, verified_at=timezone.now() if verified else None)


def build_world(staff: Any, *, post: bool = True) -> World:
    """The two owners; their autumn bills posted when ``post`` (drafts otherwise: post them with
    :func:`post_period`)."""
    area = f.area()
    f.main(area)
    owners = {}
    for n, (name, street) in enumerate((("ann", "Dubois Rd"), ("bob", "Lattintown Rd")), start=1):
        parcel = f.parcel(f"108.{n}-1-1", street_number=str(10 * n), street_name=street, improvement_area=area,
                          dx=100 + 150 * n)  # fmt: skip
        f.owned(parcel, name=f"{name.upper()} OWNER", start=dt.date(2010, 5, 1))
        owners[name] = (parcel, _account(parcel, n))
    period = do_open_period(dt.date(2026, 9, 30), acting_user=staff.clerk)
    run_drafts(period, acting_user=staff.clerk)
    if post:
        post_period(period, staff)
    built = {}
    for name, (parcel, account) in owners.items():
        notice = do_issue_notice(kind="notice_to_connect", parcel=parcel, facts="A public sewer is available.",
                                 acting_user=staff.superintendent, issued_on=dt.date(2026, 10, 1))  # fmt: skip
        notice = do_record_service(notice, method="certified_mail", served_on=dt.date(2026, 10, 2),
                                   served_by_name="Town Clerk", acting_user=staff.clerk)  # fmt: skip
        public = make_public(f"{name}@example.org")
        link = PublicLink.objects.create(person=public, kind=LinkKind.PARCEL_OWNER, object_id=parcel.pk,
                                         since=dt.date(2010, 5, 1), granted_by=public.user, how="test")  # fmt: skip
        built[name] = Owner(name, parcel, account, Bill.objects.get(account=account), notice,
                            Deadline.objects.filter(parcel=parcel).first(), public, public.user, link)  # fmt: skip
    return World(staff, built["ann"], built["bob"], period)


def post_period(period: Any, staff: Any) -> Any:
    do_review_period(period, acting_user=staff.superintendent)
    return do_post_period(period, acting_user=staff.superintendent)


@pytest.fixture
def world(db: Any, staff: Any) -> World:
    return build_world(staff)
