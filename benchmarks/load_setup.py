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
from sewerworks.registry.models import Building, Parcel

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
    inspector = User.objects.get(username="load15")
    inspector_token = ApiToken.issue(user=inspector, name="load test: inspections", created_by=clerk)[1]
    targets = {
        "users": users,
        "password": PASSWORD,
        "token": token,
        "parcels": [pk for pk, _ in sample],
        "streets": sorted({name.split()[0] for _, name in sample if name})[:50],
        "bills": list(Bill.objects.filter(status="posted").order_by("?").values_list("pk", flat=True)[:500]),
        "notices": list(Notice.objects.order_by("?").values_list("pk", flat=True)[:200]),
        "inspector_token": inspector_token,
        "inspections": inspection_targets(len(ROLES) * 2, clerk, User.objects.get(username="load11"), inspector),
    }
    # To a file: the shell's standard output also carries whatever the set-up itself prints.
    with open(os.environ["LOAD_TARGETS"], "w", encoding="utf-8") as out:
        json.dump(targets, out)


def reopen() -> None:
    """On a database ``make load`` built before (LOAD_KEEP): each target permit's trench inspection that is still
    open, asked for when the last run left none (its users recorded results on the inspections the targets name)."""
    import datetime as dt

    from django.contrib.contenttypes.models import ContentType
    from django.utils import timezone

    from sewerworks.inspections.actions import do_request_inspection
    from sewerworks.inspections.models import Inspection
    from sewerworks.permits.models import Permit

    path = os.environ["LOAD_TARGETS"]
    with open(path, encoding="utf-8") as handle:
        targets = json.load(handle)
    permit_type, clerk = ContentType.objects.get_for_model(Permit), User.objects.get(username="load01")
    found = []
    for permit_pk, _ in targets["inspections"]:
        open_ = Inspection.objects.filter(subject_type=permit_type, subject_id=permit_pk, kind="trench", result="")
        inspection = open_.order_by("-pk").first() or do_request_inspection(
            Permit.objects.get(pk=permit_pk),
            kind="trench",
            requested_on=timezone.localdate() - dt.timedelta(days=1),
            requested_by="Load Plumbing",
            requester_address="1 Main St",
            acting_user=clerk,
        )
        found.append([permit_pk, inspection.pk])
    targets["inspections"] = found
    with open(path + ".part", "w", encoding="utf-8") as out:
        json.dump(targets, out)
    os.replace(path + ".part", path)


def inspection_targets(n: int, clerk: User, superintendent: User, inspector: User) -> list[list[int]]:
    """``n`` building sewer permits in construction, each with its trench inspection asked for: [permit, inspection]
    (one a user of the generator, which records results on it and asks for each re-inspection)."""
    import datetime as dt

    from django.utils import timezone

    from sewerworks.inspections.actions import do_request_inspection
    from sewerworks.permits import actions
    from sewerworks.permits.actions.applications import fee_due

    today = timezone.localdate()
    sewer = {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"}
    houses = Building.objects.filter(use="residential", parcel__improvement_area__isnull=False, parcel__permits=None)
    found = []
    for k, house in enumerate(houses.select_related("parcel").order_by("pk")[:n]):
        filed = today - dt.timedelta(days=30)
        permit = actions.do_file_application(
            kind="building_sewer",
            permit_class="class_1",
            parcel=house.parcel,
            building=house,
            applicant="Load test",
            filed_on=filed,
            design={"building-sewer": sewer},
            acting_user=clerk,
        )
        actions.do_record_fee(
            permit, amount=fee_due(permit), receipt_number=f"LOAD-{k}", method="cash", paid_on=filed, acting_user=clerk
        )
        for step, who in (
            ("under_review", superintendent),
            ("approved", superintendent),
            ("in_construction", inspector),
        ):
            actions.do_move_permit(permit, to=step, acting_user=who, occurred_on=filed)
        asked = do_request_inspection(
            permit,
            kind="trench",
            requested_on=today - dt.timedelta(days=1),
            requested_by="Load Plumbing",
            requester_address="1 Main St",
            acting_user=clerk,
        )
        found.append([permit.pk, asked.pk])
    return found
