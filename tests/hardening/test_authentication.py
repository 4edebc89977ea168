"""Signing in as an auditor accepts it (issue 18): ten wrong passwords for one username within fifteen
minutes lock it for fifteen minutes, the right password included; every login, failure and lockout is in
the audit trail."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone

from sewerworks.core.access.authentication import FAILED, LOCKED, REFUSED, SIGNED_IN
from sewerworks.core.models import AuditEvent

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 12, 3, 9, 0, tzinfo=timezone.get_fixed_timezone(0))


@contextmanager
def at(moment: datetime) -> Iterator[None]:
    with mock.patch("django.utils.timezone.now", return_value=moment):
        yield


def sign_in(username: str, password: str) -> bool:
    """True when the login page let the user in."""
    client = Client()
    client.post("/login/", {"username": username, "password": password})
    return client.get("/").status_code == 200


def events(action: str, username: str) -> int:
    return AuditEvent.objects.filter(action=action, subject=f"user {username}").count()


@pytest.fixture
def clerk(make_user: Any) -> tuple[str, str]:
    user = make_user("clerk", username="mary")
    return user.username, f"pw-{user.username}"


def test_ten_wrong_guesses_lock_out_even_the_right_password_until_the_cool_off(clerk: tuple[str, str]) -> None:
    username, password = clerk
    for minute in range(10):
        with at(T0 + timedelta(minutes=minute)):
            assert not sign_in(username, "wrong guess")
    with at(T0 + timedelta(minutes=10)):
        assert not sign_in(username, password)
    with at(T0 + timedelta(minutes=9 + 14, seconds=59)):
        assert not sign_in(username, password)
    with at(T0 + timedelta(minutes=9 + 15, seconds=1)):
        assert sign_in(username, password)
    assert events(FAILED, username) == 10
    assert events(LOCKED, username) == 1
    assert events(REFUSED, username) == 2
    assert events(SIGNED_IN, username) == 1


def test_nine_wrong_guesses_do_not_lock(clerk: tuple[str, str]) -> None:
    username, password = clerk
    with at(T0):
        for _ in range(9):
            assert not sign_in(username, "wrong guess")
        assert sign_in(username, password)
    assert events(LOCKED, username) == 0


def test_ten_wrong_guesses_spread_over_more_than_fifteen_minutes_do_not_lock(clerk: tuple[str, str]) -> None:
    username, password = clerk
    for i in range(10):
        with at(T0 + timedelta(minutes=2 * i)):  # the first has aged out when the tenth comes
            assert not sign_in(username, "wrong guess")
    with at(T0 + timedelta(minutes=18, seconds=30)):
        assert sign_in(username, password)


def test_a_lock_is_for_that_username_only(clerk: tuple[str, str], make_user: Any) -> None:
    username, _ = clerk
    other = make_user("clerk", username="joan")
    with at(T0):
        for _ in range(10):
            sign_in(username, "wrong guess")
        assert sign_in(other.username, f"pw-{other.username}")


def test_the_admin_sign_in_is_locked_too(clerk: tuple[str, str], make_user: Any) -> None:
    admin = make_user("administrator", username="root")
    admin.is_staff = True  # admin's own sign-in form wants staff
    admin.save()
    with at(T0):
        for _ in range(10):
            sign_in(admin.username, "wrong guess")
        client = Client()
        client.post("/admin/login/", {"username": admin.username, "password": f"pw-{admin.username}"})
        assert client.get("/admin/").status_code == 302
