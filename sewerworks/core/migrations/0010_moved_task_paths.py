"""Tasks moved with core's regrouping by mechanism (``core.tasks`` is now ``core.jobs.tasks``): a job recorded before
the move, and a task still queued, name the module they will be run from, so a rerun or a queued run still finds
its task."""

from django.db import migrations

MOVED = {"sewerworks.core.tasks.": "sewerworks.core.jobs.tasks."}


def _rename(apps, schema_editor, moves):
    from django.db.models import Value
    from django.db.models.functions import Concat, Substr

    for model in (apps.get_model("core", "Job"), apps.get_model("django_tasks_database", "DBTaskResult")):
        for old, new in moves.items():
            model.objects.filter(task_path__startswith=old).update(
                task_path=Concat(Value(new), Substr("task_path", len(old) + 1))
            )


def forward(apps, schema_editor):
    _rename(apps, schema_editor, MOVED)


def backward(apps, schema_editor):
    _rename(apps, schema_editor, {new: old for old, new in MOVED.items()})


class Migration(migrations.Migration):
    dependencies = [("core", "0009_data_generation"), ("django_tasks_database", "0010_alter_dbtaskresult_status")]

    operations = [migrations.RunPython(forward, backward)]
