"""A Class 2 permit's industrial user becomes a link to the pretreatment program's user (I-172).

The free text typed so far is kept as ``industrial_user_legacy``; where it equals exactly one industrial user's
name (its building's name) or number (its id), both trimmed and case-folded, the permit is linked to that user
and the text cleared. Nothing is matched by likeness: "HUDSON VALLEY FOODS LLC" does not link to "Hudson
Valley Foods juice pressing plant". Going back writes each linked user's name into the text again.
"""

from __future__ import annotations

from typing import Any

import django.db.models.deletion
from django.db import migrations, models

LEGACY_HELP = (
    "The name or number typed before the link existed, when it matched no industrial user exactly (I-172): kept "
    "as written for the clerk to link."
)
LINK_HELP = "Class 2: the pretreatment program's record of the industrial user on the permit's building (I-172)."


def _key(text: str) -> str:
    return text.strip().casefold()


def link_exact(apps: Any, schema_editor: Any) -> None:
    Permit = apps.get_model("permits", "Permit")
    IndustrialUser = apps.get_model("pretreatment", "IndustrialUser")
    users: dict[str, set[int]] = {}
    for user in IndustrialUser.objects.select_related("building"):
        users.setdefault(str(user.pk), set()).add(user.pk)
        if user.building.name.strip():
            users.setdefault(_key(user.building.name), set()).add(user.pk)
    for permit in Permit.objects.exclude(industrial_user_legacy=""):
        found = users.get(_key(permit.industrial_user_legacy), set())
        if len(found) == 1:
            Permit.objects.filter(pk=permit.pk).update(industrial_user_id=found.pop(), industrial_user_legacy="")


def write_names_back(apps: Any, schema_editor: Any) -> None:
    Permit = apps.get_model("permits", "Permit")
    for permit in Permit.objects.filter(industrial_user__isnull=False).select_related("industrial_user__building"):
        name = permit.industrial_user.building.name or str(permit.industrial_user_id)
        Permit.objects.filter(pk=permit.pk).update(industrial_user_legacy=name[:120], industrial_user=None)


class Migration(migrations.Migration):
    dependencies = [
        ("permits", "0004_fill_event_dates"),
        ("pretreatment", "0003_fill_event_dates"),
    ]

    operations = [
        migrations.RenameField("permit", "industrial_user", "industrial_user_legacy"),
        migrations.RenameField("historicalpermit", "industrial_user", "industrial_user_legacy"),
        migrations.AlterField(
            model_name="permit",
            name="industrial_user_legacy",
            field=models.CharField(
                blank=True, help_text=LEGACY_HELP, max_length=120, verbose_name="industrial user as first entered"
            ),
        ),
        migrations.AlterField(
            model_name="historicalpermit",
            name="industrial_user_legacy",
            field=models.CharField(
                blank=True, help_text=LEGACY_HELP, max_length=120, verbose_name="industrial user as first entered"
            ),
        ),
        migrations.AddField(
            model_name="permit",
            name="industrial_user",
            field=models.ForeignKey(
                blank=True,
                help_text=LINK_HELP,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="class_2_permits",
                to="pretreatment.industrialuser",
                verbose_name="industrial user (pretreatment)",
            ),
        ),
        migrations.AddField(
            model_name="historicalpermit",
            name="industrial_user",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                help_text=LINK_HELP,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to="pretreatment.industrialuser",
                verbose_name="industrial user (pretreatment)",
            ),
        ),
        migrations.RunPython(link_exact, write_names_back),
    ]
