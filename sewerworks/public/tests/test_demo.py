"""The demo shows the public side in each of its states: a linked owner with paperless bills, an account not
confirmed with its mail in the outbox, a link the clerk ended; every date on or before the demo's today."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from sewerworks.billing.demo import district as billing_demo
from sewerworks.core.demo import create_demo_users
from sewerworks.core.models import OutgoingMail
from sewerworks.public import demo
from sewerworks.public.models import PublicAccount, PublicLink
from sewerworks.registry import demo as registry_demo
from sewerworks.registry.demo.names import DEMO_TODAY

pytestmark = pytest.mark.django_db


def test_the_demo_shows_every_state_of_the_public_side() -> None:
    create_demo_users()
    registry_demo.build(seed=118, parcels=registry_demo.DISTRICT_PARCELS, write=lambda _: None)
    billing_demo.build(seed=118, parcels=registry_demo.DISTRICT_PARCELS, write=lambda _: None)
    said: list[str] = []
    demo.build(seed=118, parcels=registry_demo.DISTRICT_PARCELS, write=said.append)
    owner = PublicAccount.objects.get(email="owner@example.org")
    assert owner.verified and owner.paperless and owner.links.filter(revoked_at__isnull=True).count() == 1
    assert not PublicAccount.objects.get(email="newcomer@example.org").verified
    assert OutgoingMail.objects.filter(to="newcomer@example.org", kind="verify").count() == 1
    ended = PublicLink.objects.get(person__email="former.owner@example.org")
    assert ended.revoked_at is not None and "sold the parcel" in ended.revoked_why
    last = timezone.make_aware(dt.datetime.combine(DEMO_TODAY, dt.time(23, 59)))
    for when in [*PublicAccount.objects.values_list("created_at", flat=True),
                 *PublicLink.objects.values_list("granted_at", flat=True), ended.revoked_at,
                 *OutgoingMail.objects.values_list("created_at", flat=True)]:  # fmt: skip
        assert when <= last
    assert "newcomer@example.org not confirmed" in said[0]
