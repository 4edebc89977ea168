"""Fines and charges: the data. Every §118-47 charge to a violator gets its pending charge, carrying over
when and where it was billed; every §118-5 fine that is posted, or corrected with something owed (I-21:
posted when corrected), gets the pending charge of its final amount. Then every amount, in the history tables
too, becomes whole cents = round(amount × 100, half up), exactly, row by row in Decimal.

Data only, in a migration of its own: PostgreSQL refuses to alter a table with row changes pending in the
same transaction, so the schema changes are in 0002 (before) and 0004 (after).
"""

from decimal import ROUND_HALF_UP, Decimal

from django.db import migrations
from django.utils import timezone

AMOUNTS = {  # model -> primary key field
    "abandonmentfine": "id",
    "historicalabandonmentfine": "history_id",
    "courtfine": "id",
    "historicalcourtfine": "history_id",
    "violatorcharge": "id",
    "historicalviolatorcharge": "history_id",
}


def amounts_to_cents(apps, schema_editor):
    for name, pk in AMOUNTS.items():
        model = apps.get_model("enforcement", name)
        for key, amount in model.objects.values_list(pk, "amount").iterator():
            cents = (Decimal(amount or 0) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)
            model.objects.filter(**{pk: key}).update(amount=cents)


def cents_to_amounts(apps, schema_editor):
    for name, pk in AMOUNTS.items():
        model = apps.get_model("enforcement", name)
        for key, cents in model.objects.values_list(pk, "amount").iterator():
            model.objects.filter(**{pk: key}).update(amount=Decimal(cents or 0) / 100)


def _only_open_account(apps, parcel_id):
    accounts = list(apps.get_model("registry", "SewerAccount").objects.filter(parcel_id=parcel_id, closed_on=None)[:2])
    return accounts[0] if len(accounts) == 1 else None


def _pending(apps, **fields):
    PendingCharge = apps.get_model("core", "PendingCharge")
    existing = PendingCharge.objects.filter(source_key=fields["source_key"]).first()
    if existing is not None:
        return existing
    charge = PendingCharge.objects.create(**fields)
    apps.get_model("core", "HistoricalPendingCharge").objects.create(
        id=charge.pk, history_date=timezone.now(), history_type="+", history_user_id=fields.get("created_by_id"),
        history_change_reason="Carried over from enforcement",
        **{f: getattr(charge, f) for f in ("parcel_id", "account_id", "amount", "section", "description", "program",
                                           "kind", "source_key", "incurred_on", "billed_on", "billing_reference",
                                           "created_by_id", "created_at")},
    )
    return charge


def charges_to_pending(apps, schema_editor):
    ViolatorCharge = apps.get_model("enforcement", "ViolatorCharge")
    for vc in ViolatorCharge.objects.select_related("violation").filter(pending_charge=None).order_by("pk"):
        v = vc.violation
        vc.pending_charge = _pending(
            apps, source_key=f"enforcement.violator_charge:{vc.pk}", parcel_id=v.parcel_id,
            account=_only_open_account(apps, v.parcel_id), amount=vc.amount, section=v.section,
            description=vc.description, program=v.program, kind="violator_charge", incurred_on=vc.incurred_on,
            billed_on=vc.billed_on, billing_reference=(vc.billing_reference or ("carried over" if vc.billed_on else "")),
            created_by_id=vc.recorded_by_id,
        )
        vc.save(update_fields=["pending_charge"])
    AbandonmentFine = apps.get_model("enforcement", "AbandonmentFine")
    for fine in AbandonmentFine.objects.select_related("violation").filter(pending_charge=None).order_by("pk"):
        if fine.posted_on is None and fine.corrected_on is not None and fine.amount > 0:
            fine.posted_on = fine.corrected_on
        if fine.posted_on is None or fine.amount <= 0:
            continue
        v = fine.violation
        fine.pending_charge = _pending(
            apps, source_key=f"enforcement.abandonment_fine:{fine.pk}", parcel_id=v.parcel_id,
            account=_only_open_account(apps, v.parcel_id), amount=fine.amount, section="118-5",
            description=f"Fine for failing to abandon a private system in time (§118-5): {fine.days} days",
            program=v.program, kind="abandonment_fine", incurred_on=fine.posted_on, created_by_id=v.created_by_id,
        )
        fine.save(update_fields=["posted_on", "pending_charge"])


def pending_to_charges(apps, schema_editor):
    for vc in apps.get_model("enforcement", "ViolatorCharge").objects.exclude(pending_charge=None):
        vc.billed_on, vc.billing_reference = vc.pending_charge.billed_on, vc.pending_charge.billing_reference
        vc.pending_charge = None
        vc.save(update_fields=["billed_on", "billing_reference", "pending_charge"])
    apps.get_model("enforcement", "AbandonmentFine").objects.update(pending_charge=None)
    # The pending charges stay: core's own migration removes them with their table, and going forward again
    # finds them by source key. (Deleting them here would leave PostgreSQL unable to alter the tables after.)


def forwards(apps, schema_editor):
    charges_to_pending(apps, schema_editor)
    amounts_to_cents(apps, schema_editor)


def backwards(apps, schema_editor):
    cents_to_amounts(apps, schema_editor)
    pending_to_charges(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("enforcement", "0002_fines_and_charges_ready_for_cents"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
