"""Determinations through the CLI and the API give the same Decision, cite the section, and refuse
bad facts with field-level errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

I41_EXAMPLE = {
    "pipe_diameter_in": 10,
    "section_length_ft": 80,
    "manholes": [48],
    "test_hours": 3,
    "filled_hours": 24,
    "head_ft_above_crown": 5,
}


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sewerworks.cli", "determine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def _allowance(decision: dict) -> str:
    return next(a["value"] for a in decision["amounts"] if a["unit"] == "gal")


def test_the_cli_lists_the_topics_with_their_sections() -> None:
    out = _cli("--list")
    assert out.returncode == 0, out.stderr
    assert "exfiltration-test" in out.stdout and "118-34" in out.stdout
    assert "trench-width" in out.stdout and "building-sewer" in out.stdout


def test_the_i41_worked_example_from_the_cli(tmp_path: Path) -> None:
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps(I41_EXAMPLE))
    out = _cli("exfiltration-test", "--facts", str(facts), "--as-of", "2026-12-01")
    assert out.returncode == 0, out.stderr
    decision = json.loads(out.stdout)
    assert _allowance(decision) == "2.456"
    assert "118-34" in decision["sections"]
    assert "I-41" in decision["interpretations"]


def test_the_cli_reads_facts_from_stdin() -> None:
    out = _cli("exfiltration-test", "--facts", "-", stdin=json.dumps(I41_EXAMPLE))
    assert out.returncode == 0, out.stderr
    assert _allowance(json.loads(out.stdout)) == "2.456"


def test_bad_facts_exit_2_with_field_errors_on_stderr() -> None:
    out = _cli("exfiltration-test", "--facts", "-", stdin=json.dumps({"pipe_diameter_in": "ten"}))
    assert out.returncode == 2
    err = json.loads(out.stderr)
    locs = {tuple(e["loc"]) for e in err["errors"]}
    assert ("pipe_diameter_in",) in locs
    assert ("section_length_ft",) in locs  # missing


def test_unparseable_json_and_unknown_topic_exit_2() -> None:
    assert _cli("exfiltration-test", "--facts", "-", stdin="{nope").returncode == 2
    assert _cli("no-such-topic", "--facts", "-", stdin="{}").returncode == 2
    assert _cli("exfiltration-test", "--facts", "-", "--as-of", "2026-02-30", stdin="{}").returncode == 2


@pytest.mark.django_db
def test_the_i41_worked_example_from_the_api(client_as) -> None:
    client = client_as("inspector")
    response = client.post(
        "/api/determinations/exfiltration-test?as_of=2026-12-01",
        json.dumps(I41_EXAMPLE),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    decision = response.json()
    assert _allowance(decision) == "2.456"
    assert decision["outcome"] == "allowance"
    assert any(f["section"] == "118-34" for f in decision["findings"])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"section_length_ft": 101}, "100"),
        ({"test_hours": 1.9}, "2"),
        ({"head_ft_above_crown": 4.9}, "5"),
        ({"filled_hours": 23}, "24"),
    ],
)
def test_an_invalid_test_comes_back_invalid_with_a_reason(client_as, change: dict, why: str) -> None:
    client = client_as("town engineer")
    response = client.post(
        "/api/determinations/exfiltration-test", json.dumps(I41_EXAMPLE | change), content_type="application/json"
    )
    assert response.status_code == 200
    decision = response.json()
    assert decision["outcome"] == "invalid"
    failing = [f for f in decision["findings"] if f["severity"] == "fails"]
    assert len(failing) == 1 and why in failing[0]["sentence"]


@pytest.mark.django_db
def test_bad_facts_get_422_with_field_errors(client_as) -> None:
    client = client_as("clerk")
    response = client.post(
        "/api/determinations/exfiltration-test", json.dumps({"pipe_diameter_in": -1}), content_type="application/json"
    )
    assert response.status_code == 422
    assert any("pipe_diameter_in" in e["loc"] for e in response.json()["detail"])
    response = client.post("/api/determinations/exfiltration-test", "not json", content_type="application/json")
    assert response.status_code in (400, 422)


@pytest.mark.django_db
def test_the_api_needs_a_login_or_a_token(client, make_user) -> None:
    from sewerworks.core.models import ApiToken

    url = "/api/determinations/exfiltration-test"
    assert client.post(url, json.dumps(I41_EXAMPLE), content_type="application/json").status_code == 401
    _, raw = ApiToken.issue(make_user("town engineer"), "test")
    ok = client.post(url, json.dumps(I41_EXAMPLE), content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert ok.status_code == 200
    bad = client.post(url, json.dumps(I41_EXAMPLE), content_type="application/json", HTTP_AUTHORIZATION="Bearer sw_x")
    assert bad.status_code == 401


@pytest.mark.django_db
def test_a_session_post_without_the_csrf_token_is_refused(make_user) -> None:
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("clerk"))
    response = client.post(
        "/api/determinations/exfiltration-test", json.dumps(I41_EXAMPLE), content_type="application/json"
    )
    assert response.status_code in (401, 403)


@pytest.mark.django_db
def test_a_user_without_a_role_cannot_run_a_determination(client_as) -> None:
    client = client_as()
    response = client.post(
        "/api/determinations/exfiltration-test", json.dumps(I41_EXAMPLE), content_type="application/json"
    )
    assert response.status_code == 403


@pytest.mark.django_db
def test_the_openapi_document_carries_each_topics_facts_schema_and_examples(client_as) -> None:
    client = client_as("clerk")
    doc = client.get("/api/openapi.json").json()
    op = doc["paths"]["/api/determinations/exfiltration-test"]["post"]
    body = op["requestBody"]["content"]["application/json"]
    assert body["examples"]
    schema_text = json.dumps(doc["components"]["schemas"])
    assert "section_length_ft" in schema_text and "pipe_diameter_in" in schema_text
    for name in ("trench-width", "building-sewer"):
        assert f"/api/determinations/{name}" in doc["paths"]


@pytest.mark.django_db
def test_the_determinations_screen_runs_a_topic(client_as) -> None:
    client = client_as("clerk")
    page = client.post("/determinations/", {"topic": "exfiltration-test", "facts": json.dumps(I41_EXAMPLE)})
    assert page.status_code == 200
    assert b"2.456" in page.content and b"118-34" in page.content
    bad = client.post("/determinations/", {"topic": "exfiltration-test", "facts": "{oops"})
    assert b"not valid JSON" in bad.content


@pytest.mark.django_db
def test_a_date_before_the_law_took_effect_is_a_422_not_a_crash(client_as) -> None:
    client = client_as("clerk")
    response = client.post(
        "/api/determinations/exfiltration-test?as_of=1901-01-01",
        json.dumps(I41_EXAMPLE),
        content_type="application/json",
    )
    assert response.status_code == 422
    assert "not in force" in response.json()["detail"]
    out = _cli("exfiltration-test", "--facts", "-", "--as-of", "1901-01-01", stdin=json.dumps(I41_EXAMPLE))
    assert out.returncode == 2 and "not in force" in out.stderr
