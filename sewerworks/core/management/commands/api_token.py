"""sewerworks api_token: issue, list or revoke the API tokens outside systems use."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.models import ApiToken, AuditEvent


class Command(BaseCommand):
    help = (
        "API tokens: `create USERNAME NAME` prints a new key once (the token acts with that user's roles); "
        "`list` shows tokens without their keys; `revoke ID` stops one."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("verb", choices=["create", "list", "revoke"])
        parser.add_argument("params", nargs="*", metavar="ARG", help="create: USERNAME NAME; revoke: ID")

    def handle(self, *args: Any, **opts: Any) -> None:
        verb, rest = opts["verb"], opts["params"]
        if verb == "list":
            for t in ApiToken.objects.select_related("user"):
                state = "revoked" if t.revoked else f"last used {t.last_used_at or 'never'}"
                self.stdout.write(f"{t.pk:>4}  {t.prefix}…  {t.user.username:<18} {t.name}  ({state})")
            return
        if verb == "create":
            if len(rest) != 2:
                raise CommandError("Usage: sewerworks api_token create USERNAME NAME")
            user = User.objects.filter(username=rest[0], is_active=True).first()
            if user is None:
                raise CommandError(f"No active user {rest[0]!r}.")
            token, raw = ApiToken.issue(user, rest[1])
            AuditEvent.objects.create(action="api_token.create", subject=f"{token} for {user.username}", rows=1)
            self.stdout.write(f"Token {token.pk} for {user.username} ({token.name}). Key (shown once):\n{raw}")
            return
        if len(rest) != 1 or not rest[0].isdigit():
            raise CommandError("Usage: sewerworks api_token revoke ID")
        updated = ApiToken.objects.filter(pk=int(rest[0]), revoked=False).update(revoked=True)
        if not updated:
            raise CommandError(f"No active token {rest[0]}.")
        AuditEvent.objects.create(action="api_token.revoke", subject=f"token {rest[0]}", rows=1)
        self.stdout.write(f"Token {rest[0]} revoked.")
