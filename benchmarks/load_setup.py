"""Set-up of ``make load``: 20 staff users and the ids the load generator asks for, printed as JSON.

python manage.py shell -c "from benchmarks.load_setup import main; main()"   (after demo --accounts N)
"""

from __future__ import annotations

import json
import os
import random

from django.contrib.auth.models import Group, User

from sewerworks.billing.models import Bill
from sewerworks.core.models import ApiToken
from sewerworks.enforcement.models import Notice
from sewerworks.registry.models import Parcel

ROLES = ["clerk"] * 10 + ["superintendent"] * 4 + ["inspector"] * 4 + ["town engineer"] * 2
PASSWORD = os.environ.get("LOAD_PASSWORD", "load-test-password-118")


def main() -> None:
    rng = random.Random(118)
    users = []
    for n, role in enumerate(ROLES, start=1):
        user, created = User.objects.get_or_create(username=f"load{n:02d}")
        if created:
            user.set_password(PASSWORD)
            user.save()
            user.groups.add(Group.objects.get(name=role))
        users.append(user.username)
    clerk = User.objects.get(username="load01")
    token = ApiToken.issue(user=clerk, name="load test", created_by=clerk)[1]
    parcels = list(Parcel.objects.values_list("pk", "street_name"))
    sample = rng.sample(parcels, min(500, len(parcels)))
    targets = {
        "users": users,
        "password": PASSWORD,
        "token": token,
        "parcels": [pk for pk, _ in sample],
        "streets": sorted({name.split()[0] for _, name in sample if name})[:50],
        "bills": list(Bill.objects.filter(status="posted").order_by("?").values_list("pk", flat=True)[:500]),
        "notices": list(Notice.objects.order_by("?").values_list("pk", flat=True)[:200]),
    }
    # To a file: the shell's standard output also carries whatever the set-up itself prints.
    with open(os.environ["LOAD_TARGETS"], "w", encoding="utf-8") as out:
        json.dump(targets, out)
