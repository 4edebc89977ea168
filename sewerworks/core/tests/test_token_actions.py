"""API tokens are issued and revoked by the administrator only, each act audited with who did it."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client

from sewerworks.core.actions import do_issue_api_token, do_revoke_api_token
from sewerworks.core.models import ApiToken, AuditEvent

pytestmark = pytest.mark.django_db


def test_the_administrator_issues_a_token_that_records_who_issued_it(make_user) -> None:
    admin, walt = make_user("administrator"), make_user("water superintendent")
    token, raw = do_issue_api_token(user=walt, name="  water district export ", acting_user=admin)
    assert token.created_by == admin and token.user == walt and token.name == "water district export"
    event = AuditEvent.objects.get(action="api_token.create")
    assert event.actor == admin and event.detail["user"] == walt.username and raw not in str(event.detail)


@pytest.mark.parametrize("role", ["clerk", "superintendent", "water superintendent", ""])
def test_no_other_role_issues_or_revokes_a_token(make_user, role: str) -> None:
    user = make_user(role) if role else make_user()
    token, _ = ApiToken.issue(make_user("clerk"), "x")
    with pytest.raises(PermissionDenied, match="core.manage_api_tokens"):
        do_issue_api_token(user=user, name="mine", acting_user=user)
    with pytest.raises(PermissionDenied, match="core.manage_api_tokens"):
        do_revoke_api_token(token, acting_user=user)
    assert ApiToken.objects.count() == 1 and not AuditEvent.objects.filter(action__startswith="api_token").exists()


@pytest.mark.parametrize("name", ["", "   ", "a" * 101, "export\x00"])
def test_a_token_name_is_said_plainly(make_user, name: str) -> None:
    admin = make_user("administrator")
    with pytest.raises(ValidationError) as err:
        do_issue_api_token(user=admin, name=name, acting_user=admin)
    assert "name" in err.value.message_dict


def test_a_revoked_token_stops_at_once_and_is_revoked_once(make_user) -> None:
    admin, walt = make_user("administrator"), make_user("water superintendent")
    token, raw = do_issue_api_token(user=walt, name="export", acting_user=admin)
    client = Client()
    assert client.get("/api/parcels", HTTP_AUTHORIZATION=f"Bearer {raw}").status_code == 200
    revoked = do_revoke_api_token(token, acting_user=admin)
    assert revoked.revoked and revoked.revoked_by == admin and revoked.revoked_at is not None
    assert client.get("/api/parcels", HTTP_AUTHORIZATION=f"Bearer {raw}").status_code == 401
    with pytest.raises(ValidationError, match="already revoked"):
        do_revoke_api_token(token, acting_user=admin)
    assert AuditEvent.objects.filter(action="api_token.revoke", actor=admin).count() == 1
