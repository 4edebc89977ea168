"""Request-path writes never queue behind a batch: an API token records its last use at most every five
minutes and skips it when the database is busy; signing in works while an import holds the write lock."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from sewerworks.core.api.auth import LAST_USE_RESOLUTION
from sewerworks.core.models import ApiToken

URL = "/api/parcels?limit=1"


def _call(client, raw: str):
    return client.get(URL, HTTP_AUTHORIZATION=f"Bearer {raw}")


@pytest.mark.django_db
def test_a_token_records_its_last_use_once_in_five_minutes_not_on_every_request(client, make_user) -> None:
    token, raw = ApiToken.issue(make_user("clerk"), "gis")
    assert _call(client, raw).status_code == 200
    token.refresh_from_db()
    first = token.last_used_at
    assert first is not None
    assert _call(client, raw).status_code == 200
    token.refresh_from_db()
    assert token.last_used_at == first  # a second call within the resolution writes nothing
    stale = timezone.now() - LAST_USE_RESOLUTION - timedelta(seconds=1)
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=stale)
    _call(client, raw)
    token.refresh_from_db()
    assert token.last_used_at > stale  # older than five minutes: recorded again


@pytest.fixture
def other_connection(transactional_db) -> Iterator[sqlite3.Connection]:
    """A second connection to the same database: a batch that will hold SQLite's write lock."""
    if connection.vendor != "sqlite":
        pytest.skip("the write lock is SQLite's")
    other = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None, timeout=1)
    yield other
    if other.in_transaction:
        other.execute("ROLLBACK")
    other.close()


def test_while_a_batch_holds_the_database_token_requests_and_logins_answer_at_once(
    client, make_user, other_connection
) -> None:
    user = make_user("clerk")
    token, raw = ApiToken.issue(user, "gis")
    write_lock_held = other_connection
    write_lock_held.execute("BEGIN IMMEDIATE")
    write_lock_held.execute("UPDATE core_apitoken SET name = name")  # the batch is writing
    start = time.perf_counter()
    assert _call(client, raw).status_code == 200
    signed_in = client.post("/login/", {"username": user.username, "password": f"pw-{user.username}"})
    assert signed_in.status_code == 302, signed_in.content.decode()[:500]
    assert client.get(URL).status_code == 200  # the new session works
    assert time.perf_counter() - start < 3  # not the 20 s busy timeout (each skipped write waits 0.1 s)
    token.refresh_from_db()
    user.refresh_from_db()
    assert token.last_used_at is None and user.last_login is None  # skipped, not waited for
    write_lock_held.execute("ROLLBACK")
    _call(client, raw)
    token.refresh_from_db()
    assert token.last_used_at is not None  # recorded on the next request once the database is free
