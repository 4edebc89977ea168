"""``/healthz`` (issue 19): anyone may ask; 200 while the database answers and every shipped migration is
applied, 503 naming the check that failed; the age of the worker's last heartbeat is reported."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.management import call_command
from django.db import OperationalError, connection
from django.test import Client
from django.utils import timezone

from sewerworks.core.jobs.heartbeat import Heartbeat, beat
from sewerworks.core.models import WorkerHeartbeat
from sewerworks.core.web import health

pytestmark = pytest.mark.django_db


def test_anyone_gets_200_with_the_database_and_migrations_checked(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"] == {"ok": True, "vendor": connection.vendor}
    assert body["checks"]["migrations"] == {"ok": True, "unapplied": [], "unapplied_count": 0}
    assert "sessionid" not in response.cookies


def test_without_any_worker_heartbeat_the_worker_is_reported_stale_but_the_server_is_healthy(client: Client) -> None:
    body = client.get("/healthz").json()
    assert body["checks"]["worker"] == {"last_heartbeat": None, "age_seconds": None, "stale": True, "worker": None}
    assert body["status"] == "ok"


@pytest.mark.parametrize(("seconds_ago", "stale"), [(10, False), (88, False), (92, True), (3600, True)])
def test_the_age_of_the_last_heartbeat_is_reported_and_stale_after_three_missed_beats(
    client: Client, settings: Any, seconds_ago: int, stale: bool
) -> None:
    settings.SEWERWORKS_HEARTBEAT_SECONDS = 30
    beat(started_at=timezone.now(), now=timezone.now() - dt.timedelta(seconds=seconds_ago))
    response = client.get("/healthz")
    worker = response.json()["checks"]["worker"]
    assert response.status_code == 200
    assert worker["stale"] is stale
    assert seconds_ago <= worker["age_seconds"] < seconds_ago + 5


def test_a_migration_not_applied_answers_503_naming_it(client: Client) -> None:
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM django_migrations WHERE app = 'core' AND name = '0007_worker_heartbeat'")
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["migrations"]["unapplied"] == ["core.0007_worker_heartbeat"]
    assert body["checks"]["database"]["ok"] is True


def test_a_database_that_does_not_answer_gives_503(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> dict[str, Any]:
        raise OperationalError("connection refused")

    monkeypatch.setattr(health, "database_check", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == {"ok": False, "error": "OperationalError"}


def test_only_get_is_answered(client: Client) -> None:
    assert client.post("/healthz").status_code == 405


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_thread_beats_until_stopped() -> None:
    heartbeat = Heartbeat(seconds=0.05)
    heartbeat.start()
    deadline = timezone.now() + dt.timedelta(seconds=10)
    while WorkerHeartbeat.objects.count() == 0 and timezone.now() < deadline:
        pass
    first = WorkerHeartbeat.objects.get().beat_at
    while WorkerHeartbeat.objects.get().beat_at == first and timezone.now() < deadline:
        pass
    heartbeat.stop()
    heartbeat.join(timeout=5)
    assert not heartbeat.is_alive()
    assert WorkerHeartbeat.objects.get().beat_at > first


@pytest.mark.django_db(transaction=True)
def test_the_worker_command_writes_a_heartbeat_even_when_it_stops_at_once() -> None:
    call_command("worker", batch=True, interval=0)
    row = WorkerHeartbeat.objects.get()
    assert (timezone.now() - row.beat_at).total_seconds() < 30
    assert row.worker.endswith(f":{row.pid}")
