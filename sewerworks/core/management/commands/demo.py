"""sewerworks demo: build the deterministic demo Town of Marlborough (users, registry, programs)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.demo import BULK_BUILDERS, DEMO_BUILDERS, create_demo_users, credentials_path


class Command(BaseCommand):
    help = (
        "Build the demo district: one user per role (passwords in var/demo-credentials.txt) and the "
        "synthetic Town of Marlborough. Same --seed, same data."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--seed", type=int, default=118, help="Random seed (default 118).")
        parser.add_argument("--parcels", type=int, default=1500, help="Number of parcels (default 1500).")
        parser.add_argument(
            "--accounts",
            type=int,
            default=0,
            help="Bulk accounts to add inside the improvement areas, each on its own parcel, with meters and "
            "reads for the autumn 2026 period, plus one parcel in nine just outside the boundaries (default 0).",
        )
        parser.add_argument("--if-empty", action="store_true", help="Do nothing if the database has users.")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["if_empty"] and User.objects.exists() and credentials_path().exists():
            self.stdout.write("Demo data already loaded; nothing to do.")
            return
        # The district first: a builder refuses a registry that is not empty, before any password changes.
        for build in DEMO_BUILDERS:
            build(seed=opts["seed"], parcels=opts["parcels"], write=self.stdout.write)
        if opts["accounts"] < 0:
            raise CommandError(f"--accounts must be 0 or more (got {opts['accounts']}).")
        if opts["accounts"]:
            for bulk in BULK_BUILDERS:
                bulk(seed=opts["seed"], accounts=opts["accounts"], write=self.stdout.write)
        create_demo_users()
        self.stdout.write(self.style.SUCCESS(f"Demo users written to {credentials_path()}"))
