"""Rules run whenever a watched record is saved: ``post_save`` for single saves (forms, the API, actions),
``core.records.bulk.records_written`` for bulk paths (``bulk_create`` sends no ``post_save``)."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models.signals import post_save

from sewerworks.core.records.bulk import records_written

if TYPE_CHECKING:
    from sewerworks.enforcement.duties import DutyRule


def _parcel_id(instance: models.Model, path: str) -> int | None:
    value: Any = instance
    parts = path.split("__")
    for part in parts[:-1]:
        value = getattr(value, part, None)
        if value is None:
            return None
    last = parts[-1]
    return getattr(value, f"{last}_id", None) if not last.endswith("_id") else getattr(value, last, None)


def _saved(sender: type[models.Model], instance: models.Model, raw: bool = False, **_: Any) -> None:
    from sewerworks.enforcement.duties import holding, reconcile, rules_watching

    if raw:  # loaddata: fixtures are reconciled by the next sweep
        return
    watching = rules_watching(sender)
    parcel = _parcel_id(instance, watching[0].watches[sender]) if watching else None
    if parcel is None:
        return
    held = holding()
    if held is not None:
        held.add(parcel)
        return
    reconcile(parcel_ids=[parcel], only=watching)


def _written(sender: type[models.Model], pks: Collection[Any] | None = None, **_: Any) -> None:
    from sewerworks.enforcement.duties import reconcile, rules_watching

    watching = rules_watching(sender)
    if not watching:
        return
    if pks is None:
        reconcile(only=watching)
        return
    path = watching[0].watches[sender]
    parcels = set(sender._default_manager.filter(pk__in=list(pks)).values_list(path, flat=True)) - {None}
    if parcels:
        reconcile(parcel_ids=parcels, only=watching)


def watch(rule: DutyRule) -> None:
    for model in rule.watches:
        post_save.connect(_saved, sender=model, dispatch_uid=f"duties-saved-{model._meta.label}")
        records_written.connect(_written, sender=model, dispatch_uid=f"duties-written-{model._meta.label}")
