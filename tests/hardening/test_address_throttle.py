"""Password spraying is slowed (issue 30, item 5): the lockout counts failures per user name, so 15 wrong
passwords for 15 names from one address, then a right one, signed in. Failures are now counted per address
too (from the audit trail): past ``SEWERWORKS_LOGIN_ADDRESS_FAILURES`` (30) in the window, that address is
refused for a cooling period while every other address signs in as usual. Behind the shipped nginx every
request comes from 127.0.0.1: the client's address is read from X-Forwarded-For only when the peer is a
trusted proxy (``SEWERWORKS_FORWARDED_ALLOW_IPS``, gunicorn's ``forwarded_allow_ips``), so one person's typos
never lock out the whole town hall."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any
from unittest import mock

import pytest
from django.test import Client, RequestFactory
from django.utils import timezone

from sewerworks.core.access.authentication import FAILED
from sewerworks.core.access.throttle import ADDRESS_REFUSED, ADDRESS_THROTTLED, client_address
from sewerworks.core.models import AuditEvent

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 12, 4, 9, 0, tzinfo=timezone.get_fixed_timezone(0))
NGINX = "127.0.0.1"


@contextmanager
def at(moment: datetime) -> Iterator[None]:
    with mock.patch("django.utils.timezone.now", return_value=moment):
        yield


def sign_in(username: str, password: str, *, peer: str = "198.51.100.7", forwarded: str | None = None) -> Any:
    """The login page's answer, and whether the client is then signed in (``.signed_in``)."""
    client = Client(REMOTE_ADDR=peer)
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    answer = client.post("/login/", {"username": username, "password": password}, **headers)
    answer.signed_in = client.get("/", **headers).status_code == 200
    return answer


def spray(count: int, **where: Any) -> None:
    """``count`` wrong passwords, each for another user name (no name reaches its own lockout)."""
    for i in range(count):
        assert not sign_in(f"name{i}", "Winter2026!", **where).signed_in


@pytest.fixture
def clerk(make_user: Any) -> tuple[str, str]:
    user = make_user("clerk", username="mary")
    return user.username, f"pw-{user.username}"


def test_thirty_failures_from_one_address_refuse_it_for_the_cooling_period(clerk: tuple[str, str]) -> None:
    username, password = clerk
    with at(T0):
        spray(30)
        refused = sign_in(username, password)
        assert not refused.signed_in
        assert "Too many failed sign-ins from your address" in refused.content.decode()
        assert sign_in(username, password, peer="198.51.100.8").signed_in  # every other address as usual
    with at(T0 + timedelta(minutes=14, seconds=59)):
        assert not sign_in(username, password).signed_in
    with at(T0 + timedelta(minutes=15, seconds=1)):
        assert sign_in(username, password).signed_in
    assert AuditEvent.objects.filter(action=FAILED, detail__address="198.51.100.7").count() == 30
    assert AuditEvent.objects.filter(action=ADDRESS_THROTTLED, subject="address 198.51.100.7").count() == 1
    assert AuditEvent.objects.filter(action=ADDRESS_REFUSED, subject="address 198.51.100.7").count() == 2


def test_twenty_nine_failures_do_not_refuse_the_address(clerk: tuple[str, str]) -> None:
    username, password = clerk
    with at(T0):
        spray(29)
        assert sign_in(username, password).signed_in
    assert not AuditEvent.objects.filter(action=ADDRESS_THROTTLED).exists()


def test_failures_spread_beyond_the_window_do_not_refuse_it(clerk: tuple[str, str]) -> None:
    username, password = clerk
    with at(T0):
        spray(20)
    with at(T0 + timedelta(minutes=15, seconds=1)):  # the first twenty have aged out
        spray(10)
        assert sign_in(username, password).signed_in


def test_behind_the_proxy_one_clients_failures_refuse_only_that_client(clerk: tuple[str, str]) -> None:
    username, password = clerk
    with at(T0):
        spray(30, peer=NGINX, forwarded="192.0.2.10")
        assert not sign_in(username, password, peer=NGINX, forwarded="192.0.2.10").signed_in
        assert sign_in(username, password, peer=NGINX, forwarded="192.0.2.11").signed_in  # the next desk
    assert AuditEvent.objects.filter(action=FAILED, detail__address="192.0.2.10").count() == 30
    assert not AuditEvent.objects.filter(action=FAILED, detail__address=NGINX).exists()


def test_x_forwarded_for_from_an_untrusted_peer_is_not_believed(clerk: tuple[str, str]) -> None:
    username, password = clerk
    with at(T0):
        for i in range(30):  # a new "address" each time, all from one peer
            assert not sign_in(f"name{i}", "Winter2026!", peer="203.0.113.9", forwarded=f"10.0.0.{i}").signed_in
        assert not sign_in(username, password, peer="203.0.113.9", forwarded="10.0.0.200").signed_in
    assert AuditEvent.objects.filter(action=FAILED, detail__address="203.0.113.9").count() == 30


def test_the_thresholds_are_settings(clerk: tuple[str, str], settings: Any) -> None:
    settings.SEWERWORKS_LOGIN_ADDRESS_FAILURES = 5
    settings.SEWERWORKS_LOGIN_ADDRESS_COOLING_MINUTES = 2
    username, password = clerk
    with at(T0):
        spray(5)
        assert not sign_in(username, password).signed_in
    with at(T0 + timedelta(minutes=2, seconds=1)):
        assert sign_in(username, password).signed_in


def test_the_address_threshold_is_above_the_per_user_one() -> None:
    from django.conf import settings

    from sewerworks.core.access.authentication import MAX_FAILURES

    assert settings.SEWERWORKS_LOGIN_ADDRESS_FAILURES == 30 > MAX_FAILURES


@pytest.mark.parametrize(
    ("peer", "forwarded", "trusted", "expected"),
    [
        ("127.0.0.1", "192.0.2.10", "127.0.0.1", "192.0.2.10"),
        ("127.0.0.1", None, "127.0.0.1", "127.0.0.1"),  # nginx sent none: the peer
        ("127.0.0.1", "not an address", "127.0.0.1", "127.0.0.1"),
        ("203.0.113.9", "192.0.2.10", "127.0.0.1", "203.0.113.9"),  # not a trusted proxy: the peer
        ("10.1.2.3", "192.0.2.10", "10.0.0.0/8", "192.0.2.10"),  # a trusted network
        ("127.0.0.1", "192.0.2.66, 10.1.2.3", "127.0.0.1,10.0.0.0/8", "192.0.2.66"),  # the chain, from the right
        ("127.0.0.1", "192.0.2.66, 198.51.100.1", "127.0.0.1", "198.51.100.1"),  # what the client wrote is not it
        ("203.0.113.9", "192.0.2.10", "*", "192.0.2.10"),
        ("::1", "2001:db8::5", "::1", "2001:db8::5"),
    ],
)
def test_the_client_address(peer: str, forwarded: str | None, trusted: str, expected: str, settings: Any) -> None:
    settings.SEWERWORKS_FORWARDED_ALLOW_IPS = trusted
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    assert client_address(RequestFactory().get("/", REMOTE_ADDR=peer, **headers)) == expected


@pytest.mark.parametrize(("value", "found"), [("127.0.0.1", []), ("127.0.0.1, 10.0.0.0/8", []),
                                              ("nginx.local", ["sewerworks.E007"]), ("*", ["sewerworks.W003"])])
def test_the_deploy_checks_name_a_trusted_proxy_setting_the_throttle_cannot_use(
    value: str, found: list[str], settings: Any
) -> None:  # fmt: skip
    from sewerworks.core.web.checks import _forwarded_allow_ips

    settings.SEWERWORKS_FORWARDED_ALLOW_IPS = value
    assert [m.id for m in _forwarded_allow_ips()] == found
