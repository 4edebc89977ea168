"""What the ordinance says of an establishment's records: the interceptor it must have (I-35, I-66), whether
its pump-out log is complete, and when its next pump-out is predicted (I-67). Read-only: nothing is stored.

A trap with no pump-out on record is taken as empty on the day it was installed, so that its first
inspections already predict its first pump-out (``START_FROM_INSTALLATION``; I-99, a reading the text
does not make).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.utils import timezone

from sewerworks.core.determinations.run import run_determination
from sewerworks.grease.choices import Category, InterceptorKind
from sewerworks.grease.models import FoodServiceEstablishment, GreaseInspection, Interceptor, PumpOut
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.registry import FactsError
from sewerworks.ordinance.s118_38_prediction import PREDICTED, cannot_predict

START_FROM_INSTALLATION = True


def new_construction_after(as_of: dt.date | None = None) -> dt.date:
    from sewerworks.core.parameters import current_parameters

    return current_parameters().at(as_of or timezone.localdate()).day("grease.new_construction_after")


def category(establishment: FoodServiceEstablishment, interceptor: Interceptor | None = None) -> str:
    """New construction (established after 2000-07-24, I-35), an existing installation, or preexisting
    without an interceptor."""
    established = establishment.building.established_on
    if established is not None and established > new_construction_after():
        return Category.NEW
    present = interceptor if interceptor is not None else establishment.current_interceptor()
    return Category.EXISTING if present is not None else Category.PREEXISTING


def requirement(establishment: FoodServiceEstablishment, as_of: dt.date | None = None) -> Decision:
    """The ``grease-interceptor-requirement`` topic applied to the records."""
    building = establishment.building
    interceptor = establishment.current_interceptor()
    facts: dict[str, Any] = {
        "premises": establishment.premises,
        "seats": building.seats or 0,
        "established_on": building.established_on.isoformat() if building.established_on else None,
        "connected_on": establishment.connected_on.isoformat() if establishment.connected_on else None,
        "interceptor": interceptor.kind if interceptor else "none",
        "found_incapable": establishment.found_incapable,
        "exterior_space_available": establishment.exterior_space_available,
    }
    if interceptor is not None and interceptor.kind == InterceptorKind.EXTERIOR:
        facts["interceptor_gallons"] = str(interceptor.rated_gallons)
    if interceptor is not None and interceptor.kind == InterceptorKind.INTERIOR:
        facts["interceptor_pounds"] = str(interceptor.rated_pounds)
    return run_determination("grease-interceptor-requirement", facts, as_of=as_of or timezone.localdate())


def log_entries(interceptor: Interceptor) -> list[PumpOut]:
    return list(interceptor.pump_outs.select_related("hauler").order_by("pumped_on", "id"))


def recordkeeping(
    interceptor: Interceptor,
    as_of: dt.date | None = None,
    made_available: bool = True,
    *,
    entries: list[PumpOut] | None = None,
) -> Decision:
    """The ``grease-recordkeeping`` topic applied to the pump-out log (oldest entry first); ``entries``: the
    log already read (:func:`log_entries`' order, the hauler joined), as the list of establishments reads it."""
    log = [
        {
            "pumped_on": p.pumped_on.isoformat(),
            "receipt": p.has_receipt,
            "receipt_service_date": p.receipt_service_date.isoformat() if p.receipt_service_date else None,
            "receipt_volume_gal": str(p.receipt_volume_gal) if p.receipt_volume_gal else None,
            "nysdec_approved_disposal": p.nysdec_approved_disposal,
        }
        for p in (entries if entries is not None else log_entries(interceptor))
    ]
    facts = {"log": log, "made_available": made_available}
    return run_determination("grease-recordkeeping", facts, as_of=as_of or timezone.localdate())


def pump_out_days(source: Interceptor | Iterable[PumpOut]) -> list[dt.date]:
    """The days a trap was pumped out, oldest first, each once (two pump-outs the same day are one day of the
    history, I-175): of an interceptor's log, or of its entries already read, in any order. One set for the
    page, the list and the API: the page once took ``values_list(...).distinct()``, which the model's ordering
    (``-pumped_on, -id``) widened to one row per entry, so a day pumped twice came back twice (issue 30)."""
    entries = log_entries(source) if isinstance(source, Interceptor) else source
    return sorted({p.pumped_on for p in entries})


def prediction(
    interceptor: Interceptor,
    as_of: dt.date | None = None,
    *,
    pump_outs: list[PumpOut] | None = None,
    inspections: list[GreaseInspection] | None = None,
) -> Decision | None:
    """The ``grease-pump-out-prediction`` topic applied to the trap's own history (advisory, I-67); None when
    the trap has neither a pump-out nor (``START_FROM_INSTALLATION``) an installation day to count from.
    ``pump_outs`` and ``inspections`` (oldest first): the trap's records already read. Records the topic
    cannot read (a fill over its bound, more entries than it takes) give a "cannot predict" finding, never
    an error: the page, the list and the API still answer (I-176)."""
    on = as_of or timezone.localdate()
    days = pump_out_days(pump_outs if pump_outs is not None else interceptor)
    if days:
        last, earlier = days[-1], days[:-1]
    elif START_FROM_INSTALLATION:
        last, earlier = interceptor.installed_on, []
    else:
        return None
    readings = [
        {"inspected_on": timezone.localtime(i.inspected_at).date().isoformat(), "fill_percent": str(i.fill_percent)}
        for i in (inspections if inspections is not None else interceptor.inspections.order_by("inspected_at"))
        if timezone.localtime(i.inspected_at).date() > last  # I-102: the day's inspection asked for it
    ]
    facts = {
        "last_pump_out_on": last.isoformat(),
        "earlier_pump_outs": [d.isoformat() for d in earlier],
        "inspections": readings,
    }
    try:
        return run_determination("grease-pump-out-prediction", facts, as_of=on)
    except FactsError as exc:
        return cannot_predict(on, [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors])


def predicted_window(decision: Decision | None) -> tuple[dt.date, dt.date, dt.date] | None:
    """(predicted, earliest, latest) of a prediction, or None when nothing was predicted."""
    if decision is None or decision.outcome not in PREDICTED:
        return None
    compared = decision.findings[0].compared
    return (
        dt.date.fromisoformat(str(compared["predicted_on"])),
        dt.date.fromisoformat(str(compared["earliest"])),
        dt.date.fromisoformat(str(compared["latest"])),
    )
