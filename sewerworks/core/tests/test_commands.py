"""The CLI: API tokens are issued once and revoked; jobs show their progress."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from sewerworks.core.models import ApiToken, Job
from sewerworks.core.models.tokens import hash_token

pytestmark = pytest.mark.django_db


def test_a_token_is_shown_once_stored_hashed_and_revocable(make_user, capsys) -> None:
    user = make_user("water superintendent")
    admin = make_user("administrator")
    call_command("api_token", "create", user.username, "water district export", "--by", admin.username)
    raw = capsys.readouterr().out.strip().splitlines()[-1]
    token = ApiToken.objects.get()
    assert raw.startswith("sw_") and token.key_hash == hash_token(raw) and raw not in token.key_hash
    assert token.created_by == admin
    call_command("api_token", "list")
    assert "water district export" in capsys.readouterr().out
    call_command("api_token", "revoke", str(token.pk), "--by", admin.username)
    assert ApiToken.objects.get().revoked and ApiToken.objects.get().revoked_by == admin
    with pytest.raises(CommandError, match="already revoked"):
        call_command("api_token", "revoke", str(token.pk), "--by", admin.username)
    with pytest.raises(CommandError):
        call_command("api_token", "create", "nobody", "x", "--by", admin.username)


def test_the_command_names_who_issues_a_token_and_only_the_administrator_may(make_user) -> None:
    user, clerk = make_user("water superintendent"), make_user("clerk")
    with pytest.raises(CommandError, match="--by"):
        call_command("api_token", "create", user.username, "export")
    with pytest.raises(CommandError, match=r"does not allow you to issue an API token \(core.manage_api_tokens\)"):
        call_command("api_token", "create", user.username, "export", "--by", clerk.username)
    assert not ApiToken.objects.exists()


def test_jobs_lists_and_shows_progress(capsys) -> None:
    job = Job.objects.create(kind="roll-import", title="Import the 2026 roll", total=200, done=50)
    call_command("jobs")
    assert "50/200" in capsys.readouterr().out
    call_command("jobs", str(job.pk))
    assert "(25%)" in capsys.readouterr().out
    with pytest.raises(CommandError):
        call_command("jobs", "99999")
