"""sewerworks public_access: the public side's links and access codes from the command line."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.management.base import BaseCommand, CommandError

from sewerworks.billing.documents.context import printed_code
from sewerworks.public.actions import do_revoke_link, do_rotate_access_code
from sewerworks.public.models import PublicLink
from sewerworks.registry.models import Parcel, SewerAccount


class Command(BaseCommand):
    help = (
        "Public accounts' links and the access codes on bills (I-160): `links [TAX_MAP_NUMBER]` lists who sees "
        "which parcel; `end LINK_ID --by USER [--why TEXT]` ends a link; `replace-code ACCOUNT_NUMBER --by USER "
        "[--why TEXT]` gives a sewer account a new access code (the old one links nothing). USER is the staff "
        "member who acts, recorded in the audit trail."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("verb", choices=["links", "end", "replace-code"])
        parser.add_argument("params", nargs="*", metavar="ARG")
        parser.add_argument("--by", default="", help="Username of the staff member who acts.")
        parser.add_argument("--why", default="", help="Why (kept with the link or in the audit trail).")

    def handle(self, *args: Any, **opts: Any) -> None:
        verb, rest = opts["verb"], opts["params"]
        if verb == "links":
            qs = PublicLink.objects.select_related("person").order_by("-granted_at", "-id")
            if rest:
                parcel = Parcel.objects.filter(tax_map_number=rest[0]).first()
                if parcel is None:
                    raise CommandError(f"No parcel with tax map number {rest[0]}.")
                qs = qs.filter(object_id=parcel.pk)
            for link in qs[:500]:
                state = "live" if link.live else f"ended {link.revoked_at:%Y-%m-%d}: {link.revoked_why}"
                self.stdout.write(f"{link.pk:>5}  {link.person.email:<32} parcel {link.object_id:<6} {state}")
            return
        acting = self._user(opts["by"])
        if len(rest) != 1:
            what = "LINK_ID" if verb == "end" else "ACCOUNT_NUMBER"
            raise CommandError(f"Usage: sewerworks public_access {verb} {what} --by USER")
        try:
            if verb == "end":
                found = PublicLink.objects.filter(pk=int(rest[0]) if rest[0].isdigit() else 0).first()
                if found is None:
                    raise CommandError(f"No link {rest[0]}.")
                link = do_revoke_link(found, acting_user=acting, why=opts["why"] or "ended by staff")
                self.stdout.write(f"Link {link.pk} ended: {link.person.email} no longer sees parcel {link.object_id}.")
                return
            account = SewerAccount.objects.filter(account_number__iexact=rest[0]).first()
            if account is None:
                raise CommandError(f"No sewer account {rest[0]}.")
            account = do_rotate_access_code(account, acting_user=acting, reason=opts["why"])
        except PermissionDenied as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Account {account.account_number}: new access code {printed_code(account.access_code)} "
                          "(printed on its next bill; the old one links nothing).")  # fmt: skip

    @staticmethod
    def _user(username: str) -> User:
        if not username:
            raise CommandError("Name the staff member who acts: --by USERNAME.")
        user = User.objects.filter(username=username, is_active=True).first()
        if user is None:
            raise CommandError(f"No active user {username}.")
        return user
