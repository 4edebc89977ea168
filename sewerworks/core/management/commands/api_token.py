"""sewerworks api_token: issue, list or revoke the API tokens outside systems use."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.actions import do_issue_api_token, do_revoke_api_token
from sewerworks.core.models import ApiToken


class Command(BaseCommand):
    help = (
        "API tokens: `create USERNAME NAME --by ADMIN` prints a new key once (the token acts with that user's "
        "roles); `list` shows tokens without their keys; `revoke ID --by ADMIN` stops one. ADMIN is the "
        "administrator issuing or revoking it, recorded with the token and in the audit log."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("verb", choices=["create", "list", "revoke"])
        parser.add_argument("params", nargs="*", metavar="ARG", help="create: USERNAME NAME; revoke: ID")
        parser.add_argument("--by", dest="by", default="", help="Username of the administrator who acts.")

    def handle(self, *args: Any, **opts: Any) -> None:
        verb, rest = opts["verb"], opts["params"]
        if verb == "list":
            for t in ApiToken.objects.select_related("user", "created_by"):
                state = "revoked" if t.revoked else f"last used {t.last_used_at or 'never'}"
                by = f", issued by {t.created_by.username}" if t.created_by else ""
                self.stdout.write(f"{t.pk:>4}  {t.prefix}…  {t.user.username:<18} {t.name}  ({state}{by})")
            return
        acting = self._user(opts["by"], "--by")
        try:
            if verb == "create":
                if len(rest) != 2:
                    raise CommandError("Usage: sewerworks api_token create USERNAME NAME --by ADMIN")
                user = self._user(rest[0], "USERNAME")
                token, raw = do_issue_api_token(user=user, name=rest[1], acting_user=acting)
                self.stdout.write(f"Token {token.pk} for {user.username} ({token.name}). Key (shown once):\n{raw}")
                return
            if len(rest) != 1 or not rest[0].isdigit():
                raise CommandError("Usage: sewerworks api_token revoke ID --by ADMIN")
            found = ApiToken.objects.filter(pk=int(rest[0])).first()
            if found is None:
                raise CommandError(f"No token {rest[0]}.")
            do_revoke_api_token(found, acting_user=acting)
        except (PermissionDenied, ValidationError) as exc:
            raise CommandError(" ".join(getattr(exc, "messages", [str(exc)]))) from exc
        self.stdout.write(f"Token {rest[0]} revoked.")

    @staticmethod
    def _user(username: str, what: str) -> User:
        if not username:
            raise CommandError(f"Name the administrator who acts: {what} USERNAME.")
        user = User.objects.filter(username=username, is_active=True).first()
        if user is None:
            raise CommandError(f"No active user {username!r} ({what}).")
        return user
