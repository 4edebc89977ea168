"""Fines and charges, before their data moves (0003): the amount columns widened to hold cents for a moment,
the link from a §118-47 charge and a §118-5 fine to its pending charge (core)."""

from decimal import Decimal

import django.db.models.deletion
from django.db import migrations, models

AMOUNTS = ("abandonmentfine", "historicalabandonmentfine", "courtfine", "historicalcourtfine", "violatorcharge",
           "historicalviolatorcharge")


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


def _wide(name):
    """The old column, wide enough to hold the amount in cents for the moment it takes to convert it."""
    label = "fine to date ($)" if "abandonment" in name else "amount ($)"
    default = {"default": Decimal("0")} if "abandonment" in name else {}
    return models.DecimalField(decimal_places=2, max_digits=20, verbose_name=label, **default)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_pending_charges"),
        ("enforcement", "0001_initial"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="courtfine", name="enf_court_fine_not_negative"),
        migrations.RemoveConstraint(model_name="violatorcharge", name="enf_charge_positive"),
        *[migrations.AlterField(model_name=name, name="amount", field=_wide(name)) for name in AMOUNTS],
        migrations.AddField(model_name="abandonmentfine", name="pending_charge",
                            field=_fk(FINE_HELP, "abandonment_fine")),
        migrations.AddField(model_name="historicalabandonmentfine", name="pending_charge",
                            field=_fk(FINE_HELP, "+", history=True)),
        migrations.AddField(model_name="violatorcharge", name="pending_charge",
                            field=_fk(CHARGE_HELP, "violator_charge")),
        migrations.AddField(model_name="historicalviolatorcharge", name="pending_charge",
                            field=_fk(CHARGE_HELP, "+", history=True)),
    ]
