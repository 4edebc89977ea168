"""Fines and charges in whole cents (MoneyField) once 0003 converted the data; the billing fields leave the
§118-47 charge (billed on and the billing reference live on its pending charge now); the constraints come
back on the amounts in cents."""

from decimal import Decimal

from django.db import migrations, models

import sewerworks.core.money

AMOUNTS = ("abandonmentfine", "historicalabandonmentfine", "courtfine", "historicalcourtfine", "violatorcharge",
           "historicalviolatorcharge")


def _money(name):
    if "abandonment" in name:
        return sewerworks.core.money.MoneyField(default=Decimal("0.00"), verbose_name="fine to date ($)")
    return sewerworks.core.money.MoneyField(verbose_name="amount ($)")


class Migration(migrations.Migration):
    dependencies = [
        ("enforcement", "0003_fines_and_charges_to_cents_and_pending_charges"),
    ]

    operations = [
        *[migrations.AlterField(model_name=name, name="amount", field=_money(name)) for name in AMOUNTS],
        *[migrations.RemoveField(model_name=model, name=field)
          for model in ("violatorcharge", "historicalviolatorcharge") for field in ("billed_on", "billing_reference")],
        *[migrations.AlterField(
            model_name=name, name="posted_on",
            field=models.DateField(blank=True, help_text="The day the amount became final.", null=True,
                                   verbose_name="posted on"),
        ) for name in ("abandonmentfine", "historicalabandonmentfine")],
        migrations.AddConstraint(
            model_name="courtfine",
            constraint=models.CheckConstraint(condition=models.Q(("amount__gte", 0)), name="enf_court_fine_not_negative"),
        ),
        migrations.AddConstraint(
            model_name="violatorcharge",
            constraint=models.CheckConstraint(condition=models.Q(("amount__gt", 0)), name="enf_charge_positive"),
        ),
        migrations.AddConstraint(
            model_name="abandonmentfine",
            constraint=models.CheckConstraint(condition=models.Q(("amount__gte", 0)),
                                              name="enf_abandonment_fine_not_negative"),
        ),
        migrations.AddConstraint(
            model_name="abandonmentfine",
            constraint=models.CheckConstraint(
                condition=models.Q(("pending_charge__isnull", True), ("posted_on__isnull", False), _connector="OR"),
                name="enf_abandonment_fine_charged_when_posted",
            ),
        ),
    ]
