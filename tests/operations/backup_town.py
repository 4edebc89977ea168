"""A small town with something in most kinds of table, for the backup and restore tests: parcels with
their history, owners, buildings and connections, accounts and meters, bills posted to the ledger with
payments (money in cents), audit events, a job with JSON, users, and uploaded files of several sizes.

``python manage.py shell -c "from tests.operations.backup_town import main; main()"`` builds it in
the database of ``DATABASE_URL`` and prints its fingerprint (every table's rows and digest, every
account's balance) as JSON: the SQLite -> PostgreSQL test builds the town in a SQLite file that way.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import Group, User

from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.tests.ledger_helpers import pay, posted_bill
from sewerworks.core.backup.tables import database_digests
from sewerworks.core.models import AuditEvent, Job
from sewerworks.registry.models import SewerAccount
from sewerworks.registry.tests import factories as f

FILES = {
    "evidence/2026/photo-1.jpg": b"\xff\xd8\xff\xe0" + bytes(range(256)) * 40,
    "evidence/2026/report.pdf": b"%PDF-1.4\n" + b"x" * 5000 + b"\n%%EOF",
    "grease/receipts/empty.pdf": b"",
    "billing/batches/caf\u00e9 bills.pdf": b"%PDF-1.7 accented name",
}


def build_town(media_root: Path) -> None:
    area = f.area()
    clerk = User.objects.create_user("clerk.backup", password="correct horse battery staple")  # noqa: S106
    clerk.groups.add(Group.objects.get_or_create(name="clerk")[0])
    for n in range(1, 6):
        parcel = f.parcel(f"108.{n}-1-1", street_number=str(n), improvement_area=area, dx=120 * n)
        f.owned(parcel, name=f"OWNER {n}")
        f.building(parcel)
        parcel.street_name = "Main Street"  # a second history row
        parcel.save()
        f.account_with_meter(parcel, number=f"MAR-{n:06d}", serial=f"WM{n:08d}")
    for i, account in enumerate(SewerAccount.objects.order_by("pk")):
        bill = posted_bill(f"{123 + i * 37}.{i * 13 % 100:02d}", account=account)
        if i % 2 == 0:
            pay(bill, dt.date(2026, 1, 20), Decimal("50.01"))
    AuditEvent.objects.create(actor=clerk, action="do_backup_fixture", rows=3, detail={"note": "caf\u00e9 \u00a7118-5"})
    Job.objects.create(kind="roll-import", title="Roll 2026", status="succeeded", result={"rows": 12, "ok": True})
    for name, data in FILES.items():
        path = media_root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def balances() -> dict[str, str]:
    return {a.account_number: str(balance(account=a)) for a in SewerAccount.objects.order_by("account_number")}


def file_checksums(media_root: Path) -> dict[str, str]:
    return {
        p.relative_to(media_root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(media_root.rglob("*"))
        if p.is_file()
    }


def fingerprint(media_root: Path) -> dict[str, Any]:
    """What a restore must keep: every table's (rows, digest), every file's checksum, every balance."""
    return {
        "tables": {t: list(v) for t, v in database_digests().items()},
        "files": file_checksums(media_root),
        "balances": balances(),
    }


def main() -> None:
    media_root = Path(settings.MEDIA_ROOT)
    build_town(media_root)
    Path(os.environ["TOWN_FINGERPRINT"]).write_text(json.dumps(fingerprint(media_root)))
