"""Who is refused, and how: a write with no session, or with a revoked or unknown token, is 401 "sign in or
send an API token", not the 403 "CSRF check Failed" it was; a signed-in session still needs its CSRF token."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from sewerworks.core.actions.tokens import do_issue_api_token, do_revoke_api_token
from sewerworks.core.models import ApiToken

pytestmark = pytest.mark.django_db
JSON = "application/json"
NOTICE = json.dumps({"kind": "notice_of_violation", "served_on": "2026-03-02", "correction_days": 30})


def strict() -> Client:
    return Client(enforce_csrf_checks=True)


def test_an_anonymous_write_is_401(db: Any) -> None:
    response = strict().post("/api/determinations/notice-deadline", NOTICE, content_type=JSON)
    assert response.status_code == 401
    assert "Sign in" in response.json()["detail"]


def test_a_write_with_an_unknown_token_is_401(db: Any) -> None:
    response = strict().post("/api/determinations/notice-deadline", NOTICE, content_type=JSON,
                             HTTP_AUTHORIZATION="Bearer sw_not-a-token")  # fmt: skip
    assert response.status_code == 401


def test_a_write_with_a_revoked_token_is_401(make_user: Any) -> None:
    admin, inspector = make_user("administrator"), make_user("inspector")
    token, raw = do_issue_api_token(user=inspector, name="field tablet", acting_user=admin)
    assert strict().post("/api/determinations/notice-deadline", NOTICE, content_type=JSON,
                         HTTP_AUTHORIZATION=f"Bearer {raw}").status_code == 200  # fmt: skip
    do_revoke_api_token(ApiToken.objects.get(pk=token.pk), acting_user=admin)
    response = strict().post("/api/determinations/notice-deadline", NOTICE, content_type=JSON,
                             HTTP_AUTHORIZATION=f"Bearer {raw}")  # fmt: skip
    assert response.status_code == 401


def test_a_signed_in_session_still_needs_its_csrf_token(make_user: Any) -> None:
    client = strict()
    client.force_login(make_user("inspector"))
    response = client.post("/api/determinations/notice-deadline", NOTICE, content_type=JSON)
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]


def test_the_schema_documents_every_refusal_an_operation_can_give() -> None:
    from sewerworks.api import api

    paths = api.get_openapi_schema()["paths"]
    create_owner = {str(code) for code in paths["/api/owners"]["post"]["responses"]}
    one_job = {str(code) for code in paths["/api/jobs/{job_id}"]["get"]["responses"]}
    assert {"400", "401", "403", "413", "422"} <= create_owner
    assert {"400", "401", "403", "404", "422"} <= one_job and "413" not in one_job
