"""Set-up of ``python -m benchmarks public_load``: the staff set-up of ``make load`` (benchmarks/load_setup.py),
then 200 public accounts, each linked to its own parcel with a posted bill, written to the same targets file.

LOAD_TARGETS=FILE python manage.py shell -c "from benchmarks.public_load_setup import main; main()"
"""

from __future__ import annotations

import json
import os

from django.contrib.auth.models import User
from django.utils import timezone

from benchmarks import load_setup
from sewerworks.billing.models import Bill
from sewerworks.public.models import LinkKind, PublicAccount, PublicLink

OWNERS = int(os.environ.get("LOAD_PUBLIC_USERS", "200"))


def main() -> None:
    load_setup.main()
    path = os.environ["LOAD_TARGETS"]
    with open(path, encoding="utf-8") as handle:
        targets = json.load(handle)
    bills = Bill.objects.filter(status="posted").order_by("parcel_id", "-period__end")
    owners, seen = [], set()
    for bill in bills.select_related("parcel")[: OWNERS * 4]:
        if bill.parcel_id in seen or len(owners) == OWNERS:
            continue
        seen.add(bill.parcel_id)
        email = f"owner{len(owners) + 1:03d}@load.example.org"
        user, created = User.objects.get_or_create(username=f"public-load-{len(owners) + 1:03d}", email=email)
        if created:
            user.set_password(load_setup.PASSWORD)
            user.save()
        made = {"email": email, "verified_at": timezone.now()}
        account, _ = PublicAccount.objects.get_or_create(user=user, defaults=made)
        PublicLink.objects.get_or_create(
            person=account, kind=LinkKind.PARCEL_OWNER, object_id=bill.parcel_id, revoked_at=None,
            defaults={"granted_by": user, "how": "load test"},
        )  # fmt: skip
        owners.append({"email": email, "parcel": bill.parcel.public_id, "bill": bill.public_id,
                       "street": bill.parcel.street_name or "Main"})  # fmt: skip
    targets["public"] = owners
    with open(path, "w", encoding="utf-8") as out:
        json.dump(targets, out)
