"""PostgreSQL stopped with ``-m immediate`` in the middle of a series of requests to gunicorn, then started
again: the requests in between get a clear 503 (JSON for the API and /healthz, a page for people), the
rest succeed, and the same gunicorn serves on without a restart."""

from __future__ import annotations

import http.client
import json
import os
import secrets
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.operations import pgcluster

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.skipif(not pgcluster.available(), reason="needs the PostgreSQL server programs"),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="run in the PostgreSQL leg of make test"
    ),
]

SETUP = """
from django.contrib.auth.models import User, Group
from sewerworks.core.models import ApiToken
u = User.objects.create_user("clerk.outage", password="outage test password 118")
u.groups.add(Group.objects.get(name="clerk"))
print(ApiToken.issue(user=u, name="outage test", created_by=u)[1])
"""


class Server:
    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: dict[str, str] | None = None, **headers: str) -> Any:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = urllib.parse.urlencode(body) if body else None
        if data:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        payload = response.read()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        conn.close()
        return response.status, response.getheader("Content-Type", ""), payload


@pytest.fixture
def gunicorn(tmp_path: Path) -> Iterator[tuple[Server, pgcluster.Cluster, str, subprocess.Popen[bytes]]]:
    cluster = pgcluster.Cluster()
    port = 30000 + int.from_bytes(secrets.token_bytes(2)) % 10000
    env = {
        **os.environ,
        "DATABASE_URL": cluster.url,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "SEWERWORKS_VAR": str(tmp_path / "var"),
        "ALLOWED_HOSTS": "127.0.0.1",
        "CONN_MAX_AGE": "60",
        "SEWERWORKS_BIND": f"127.0.0.1:{port}",
        "SEWERWORKS_WEB_WORKERS": "2",
    }
    process = None
    try:
        # No collectstatic: its compressing takes a CPU half-minute and nothing here is about static files
        # (before a first collectstatic the pages name them unhashed, core.web.staticstorage).
        for args in (["migrate", "-v0"], ["shell", "-c", SETUP]):
            done = subprocess.run(
                [sys.executable, "manage.py", *args],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=600,
                check=False,
            )
            assert done.returncode == 0, done.stderr
        token = done.stdout.strip().splitlines()[-1]
        process = subprocess.Popen(  # noqa: S603
            [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py", "sewerworks.wsgi"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(tmp_path / "gunicorn.log", "wb"),  # noqa: SIM115
        )
        server = Server(port)
        for _ in range(120):
            try:
                if server.request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.5)
        yield server, cluster, token, process
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=30)
        cluster.remove()


def test_a_database_stopped_mid_series_gives_503_between_and_the_same_gunicorn_recovers(gunicorn: Any) -> None:
    server, cluster, token, process = gunicorn
    status, _, _ = server.request("GET", "/login/")
    assert status == 200
    signed_in = server.request(
        "POST",
        "/login/",
        {
            "username": "clerk.outage",
            "password": "outage test password 118",
            "csrfmiddlewaretoken": server.cookies["csrftoken"],
        },
    )
    assert signed_in[0] == 302 and "sessionid" in server.cookies

    def series() -> list[tuple[str, int, str, bytes]]:
        return [
            ("healthz", *server.request("GET", "/healthz")),
            ("api", *server.request("GET", "/api/parcels", Authorization=f"Bearer {token}")),
            ("page", *server.request("GET", "/")),
        ]

    before = [series() for _ in range(3)]
    cluster.stop("immediate")
    during = [series() for _ in range(3)]
    cluster.start()
    after = [series() for _ in range(3)]

    assert all(status == 200 for s in before + after for _, status, _, _ in s), (before, after)
    for s in during:
        for what, status, content_type, body in s:
            assert status == 503, (what, status, body[:300])
            if what == "page":
                assert content_type.startswith("text/html") and b"Temporarily unavailable" in body
            else:
                assert content_type == "application/json"
                detail = json.loads(body)
                assert detail.get("status") == "unavailable" or "not answering" in detail.get("detail", "")
            assert b"Traceback" not in body
    assert process.poll() is None, "gunicorn kept running: no restart was needed"
