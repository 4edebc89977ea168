"""Keeping the screen current: a parcel whose polygon, discharge point or area changes is re-screened at once
(after its transaction commits); a changed area boundary starts a screen of the whole layer. Before the first
whole screen there is nothing to keep current, so nothing is done."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save

from sewerworks.contracts.models import ScreenRun
from sewerworks.core.records.bulk import records_written
from sewerworks.registry.models import ImprovementArea, Parcel

RESCREEN_AT_ONCE = 5_000  # more parcels written at once than this: screen the whole layer as a job


def _screened() -> bool:
    return ScreenRun.objects.filter(scope="all").exists()


def _rescreen(pks: list[int], reason: str) -> None:
    from sewerworks.contracts.actions.screening import rescreen_parcels

    transaction.on_commit(lambda: rescreen_parcels(pks, reason=reason))


def parcel_saved(sender: Any, instance: Parcel, raw: bool = False, **_: Any) -> None:
    if not raw and _screened():
        _rescreen([instance.pk], f"Parcel {instance.tax_map_number} changed")


def parcels_written(sender: Any, pks: Collection[int] | None = None, **_: Any) -> None:
    if not _screened():
        return
    if pks is None or len(pks) > RESCREEN_AT_ONCE:  # a large import: a whole screen, as a job
        from sewerworks.contracts.actions.screening import do_start_screen

        count = "parcels" if pks is None else f"{len(pks):,} parcels"
        transaction.on_commit(lambda: do_start_screen(acting_user=None, reason=f"{count} written in bulk"))
    elif pks:
        _rescreen(list(pks), f"{len(pks)} parcels written in bulk")


def area_saved(sender: Any, instance: ImprovementArea, created: bool = False, raw: bool = False, **_: Any) -> None:
    if created or raw or not _screened():
        return
    from sewerworks.contracts.actions.screening import do_start_screen

    transaction.on_commit(lambda: do_start_screen(acting_user=None, reason=f"The boundary of {instance.name} changed"))


post_save.connect(parcel_saved, sender=Parcel, dispatch_uid="contracts-parcel-saved")
records_written.connect(parcels_written, sender=Parcel, dispatch_uid="contracts-parcels-written")
post_save.connect(area_saved, sender=ImprovementArea, dispatch_uid="contracts-area-saved")
