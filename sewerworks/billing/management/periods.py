"""The PERIOD argument of billing's commands: a period's last day, ``YYYY-MM-DD``, and for a period of one
Sewer Improvement Area its code after a colon (``2026-10-31:MIL``). One parser for every command."""

from __future__ import annotations

import datetime as dt

from django.core.management.base import CommandError

from sewerworks.billing.models import BillingPeriod
from sewerworks.registry.models import ImprovementArea


def parse_period(text: str, *, label: str = "PERIOD") -> tuple[dt.date, ImprovementArea | None, BillingPeriod | None]:
    """The last day and area ``text`` names, and the period if one is recorded; a clear error otherwise."""
    day, _, code = text.partition(":")
    try:
        end = dt.date.fromisoformat(day)
    except ValueError:
        raise CommandError(f"{label} {text!r}: give the period's last day, YYYY-MM-DD[:area-code].") from None
    area = None
    if code:
        area = ImprovementArea.objects.filter(code=code).first()
        if area is None:
            raise CommandError(f"{label} {text!r}: no Sewer Improvement Area {code!r}.")
    return end, area, BillingPeriod.objects.filter(end=end, area=area).first()


def existing_period(text: str, *, label: str = "PERIOD", hint: str = "") -> BillingPeriod:
    """The recorded period ``text`` names (the command never opens one)."""
    end, area, found = parse_period(text, label=label)
    if found is None:
        where = f" in {area.code}" if area else ""
        raise CommandError(f"{label} {text!r}: no billing period ends on {end}{where}{hint}")
    return found
