"""Fines and charges in whole cents (MoneyField), and enforcement's charges as core pending charges.

Data kept: every amount (and every amount in the history tables) becomes cents = round(amount × 100, half
up); every §118-47 charge to a violator gets its pending charge, carrying over when and where it was billed;
every §118-5 fine that is posted, or corrected with something owed (I-21: posted when corrected), gets the
pending charge of its final amount. The fields and constraints that follow the data are dropped and added
in 0003 (PostgreSQL refuses to alter a table with row changes pending in the same transaction).
"""

from decimal import ROUND_HALF_UP, Decimal

import django.db.models.deletion
from django.db import migrations, models
from django.utils import timezone

import sewerworks.core.money

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
            cents = int((Decimal(amount or 0) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
            model.objects.filter(**{pk: key}).update(amount_cents=cents)


def cents_to_amounts(apps, schema_editor):
    for name, pk in AMOUNTS.items():
        model = apps.get_model("enforcement", name)
        for key, cents in model.objects.values_list(pk, "amount_cents").iterator():
            model.objects.filter(**{pk: key}).update(amount=Decimal(cents or 0) / 100)


def _only_open_account(apps, parcel_id):
    accounts = list(apps.get_model("registry", "SewerAccount").objects.filter(parcel_id=parcel_id, closed_on=None)[:2])
    return accounts[0] if len(accounts) == 1 else None


def _pending(apps, **fields):
    PendingCharge = apps.get_model("core", "PendingCharge")
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
        vc.save()
    apps.get_model("enforcement", "AbandonmentFine").objects.update(pending_charge=None)
    apps.get_model("core", "PendingCharge").objects.filter(source_key__startswith="enforcement.").delete()


def _fk(help_text, related_name, history=False):
    if history:
        return models.ForeignKey(blank=True, db_constraint=False, help_text=help_text, null=True,
                                 on_delete=django.db.models.deletion.DO_NOTHING, related_name="+",
                                 to="core.pendingcharge", verbose_name="pending charge")
    return models.OneToOneField(blank=True, help_text=help_text, null=True,
                                on_delete=django.db.models.deletion.PROTECT, related_name=related_name,
                                to="core.pendingcharge", verbose_name="pending charge")


FINE_HELP = "What billing posts; written when the fine is posted."
CHARGE_HELP = "What billing posts; written with the charge, in the same transaction."


def _money(name):
    if "abandonment" in name:
        return sewerworks.core.money.MoneyField(default=Decimal("0.00"), verbose_name="fine to date ($)")
    return sewerworks.core.money.MoneyField(verbose_name="amount ($)")


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_pending_charges"),
        ("enforcement", "0001_initial"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="courtfine", name="enf_court_fine_not_negative"),
        migrations.RemoveConstraint(model_name="violatorcharge", name="enf_charge_positive"),
        *[migrations.AddField(model_name=name, name="amount_cents", field=models.BigIntegerField(null=True))
          for name in AMOUNTS],
        migrations.RunPython(amounts_to_cents, cents_to_amounts),
        *[migrations.RemoveField(model_name=name, name="amount") for name in AMOUNTS],
        *[migrations.RenameField(model_name=name, old_name="amount_cents", new_name="amount") for name in AMOUNTS],
        *[migrations.AlterField(model_name=name, name="amount", field=_money(name)) for name in AMOUNTS],
        migrations.AddField(model_name="abandonmentfine", name="pending_charge",
                            field=_fk(FINE_HELP, "abandonment_fine")),
        migrations.AddField(model_name="historicalabandonmentfine", name="pending_charge",
                            field=_fk(FINE_HELP, "+", history=True)),
        migrations.AddField(model_name="violatorcharge", name="pending_charge",
                            field=_fk(CHARGE_HELP, "violator_charge")),
        migrations.AddField(model_name="historicalviolatorcharge", name="pending_charge",
                            field=_fk(CHARGE_HELP, "+", history=True)),
        migrations.RunPython(charges_to_pending, pending_to_charges),
    ]
