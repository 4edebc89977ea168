"""The billing fields leave the §118-47 charge (billed on and the billing reference live on its pending
charge now); the constraints on fines and charges come back on the amounts in cents."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("enforcement", "0002_money_in_cents_and_pending_charges"),
    ]

    operations = [
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
