"""The limits in force on each day of a period (I-150) and the §118-43 special agreements of each day (I-71).

A day is judged against the parameters in force on that day: the limits change only on the effective dates of
the discharge parameters (a Board resolution lowering a limit from July 1 takes effect on July 1), so the
period is cut at those dates into segments, each with the limits the ordinance functions compute from the
parameters of its first day (``toxic_limit``, ``slug_limit``, ``review_threshold``, the pH range, 150 °F, the
oil and grease limit). An agreement replaces the chapter's limit for its parameter and dates; where two are in
force on one day the latest to start applies, as the topic reads the list of a day's agreements.

The segments and agreements, written as text, are the run's snapshot: the next run compares them to find the
first day a limit or an agreement changed (``first_difference``), and their digest is the parameters version.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sewerworks.ordinance.parameters import ParameterSet, ParameterView
from sewerworks.ordinance.s118_37_limits import PARAMETERS, review_threshold, slug_limit, toxic_limit
from sewerworks.pretreatment.models import SpecialAgreement

ONE_DAY = dt.timedelta(days=1)
KEYS = (
    "discharge.toxic_limits", "discharge.fluoride_unfluoridated_factor", "discharge.water_supply_fluoridated",
    "discharge.receiving_water", "discharge.emulsified_oil_grease", "discharge.ph_range", "discharge.max_temperature",
    "discharge.normal_range", "discharge.slug_factor", "discharge.normal_strength", "discharge.nondetect_as_zero",
)  # fmt: skip
TOXIC = tuple(k for k, m in PARAMETERS.items() if m.family == "toxic")
CONVENTIONAL = tuple(k for k, m in PARAMETERS.items() if m.family == "conventional")
SLUG = ("bod", "suspended_solids")
# Bases of the limits table: the two averages, a single reading, and the §118-39 review threshold.
REVIEW = "review"


@dataclass(frozen=True)
class Limit:
    """A limit in force from ``start`` to ``end`` (inclusive): above ``high`` (or below ``low``, pH) exceeds."""

    parameter: str
    basis: str
    start: dt.date
    end: dt.date
    high: Decimal
    low: Decimal | None = None


def _limits_on(view: ParameterView) -> dict[tuple[str, str], tuple[Decimal, Decimal | None]]:
    fresh = view["discharge.receiving_water"] == "fresh"
    fluoridated = view.flag("discharge.water_supply_fluoridated")
    out: dict[tuple[str, str], tuple[Decimal, Decimal | None]] = {}
    for parameter in TOXIC:
        for basis in ("24_hour", "30_day"):
            limit = toxic_limit(view, parameter, basis, fresh_water=fresh, fluoridated=fluoridated)  # type: ignore[arg-type]
            out[parameter, basis] = (limit.value, None)
    out["emulsified_oil_grease", "24_hour"] = (view.number("discharge.emulsified_oil_grease"), None)
    ph = view.table("discharge.ph_range")
    out["ph", "instantaneous"] = (Decimal(ph["maximum"]), Decimal(ph["minimum"]))
    out["temperature", "instantaneous"] = (view.number("discharge.max_temperature"), None)
    for parameter in SLUG:
        out[parameter, "instantaneous"] = (slug_limit(view, parameter), None)
    for parameter in CONVENTIONAL:
        out[parameter, REVIEW] = (review_threshold(view, parameter), None)
    return out


def chapter_limits(params: ParameterSet, start: dt.date, end: dt.date) -> list[Limit]:
    """Every limit of the chapter in force over ``start``..``end``, cut where a discharge parameter changes."""
    cuts = {start} | {v.effective for key in KEYS for v in params.parameter(key).values if start < v.effective <= end}
    days = sorted(cuts)
    out: list[Limit] = []
    for n, first in enumerate(days):
        last = days[n + 1] - ONE_DAY if n + 1 < len(days) else end
        for (parameter, basis), (high, low) in _limits_on(params.at(first)).items():
            before = _latest(out, parameter, basis)
            if before is not None and (out[before].high, out[before].low) == (high, low):
                out[before] = Limit(parameter, basis, out[before].start, last, high, low)
            else:
                out.append(Limit(parameter, basis, first, last, high, low))
    return out


def _latest(limits: list[Limit], parameter: str, basis: str) -> int | None:
    """The position of the latest limit of ``parameter`` on ``basis``."""
    for n in range(len(limits) - 1, -1, -1):
        if (limits[n].parameter, limits[n].basis) == (parameter, basis):
            return n
    return None


@dataclass(frozen=True)
class Agreed:
    """The agreement that applies to a user's parameter from ``start`` to ``end``: its limit and resolution."""

    user_id: int
    parameter: str
    start: dt.date
    end: dt.date
    limit: Decimal
    resolution: str


class Agreements:
    """Every §118-43 agreement, read once: the facts of a user's day, and what applies to each parameter."""

    def __init__(self, agreements: Iterable[SpecialAgreement] | None = None) -> None:
        rows = agreements if agreements is not None else SpecialAgreement.objects.select_related("resolution")
        self.by_user: dict[int, list[SpecialAgreement]] = defaultdict(list)
        for a in sorted(rows, key=lambda a: (-a.starts_on.toordinal(), a.pk)):  # the model's order: latest first
            self.by_user[a.user_id].append(a)

    def facts(self, user_id: int, day: dt.date) -> list[dict[str, str]]:
        """The agreements in force on ``day`` as the topic's facts (``IndustrialUser.agreements_on``)."""
        return [a.as_facts() for a in self.by_user.get(user_id, ()) if a.in_force_on(day)]

    def applied(self, start: dt.date, end: dt.date) -> list[Agreed]:
        """For each user and parameter, the agreement that applies on each day of the period, as segments."""
        out: list[Agreed] = []
        for user_id, agreements in sorted(self.by_user.items()):
            for parameter in sorted({a.parameter for a in agreements}):
                mine = [a for a in agreements if a.parameter == parameter]
                cuts = {start} | {d for a in mine for d in (a.starts_on, (a.ends_on or end) + ONE_DAY)
                                  if start < d <= end}  # fmt: skip
                days = sorted(cuts)
                for n, first in enumerate(days):
                    last = days[n + 1] - ONE_DAY if n + 1 < len(days) else end
                    chosen = next((a for a in mine if a.in_force_on(first)), None)
                    if chosen is None:
                        continue
                    agreed = Agreed(user_id, parameter, first, last, chosen.limit, chosen.resolution.instrument)
                    previous = out[-1] if out else None
                    if previous is not None and (previous.user_id, previous.parameter, previous.limit,
                                                 previous.resolution, previous.end + ONE_DAY) == (
                            user_id, parameter, agreed.limit, agreed.resolution, first):  # fmt: skip
                        out[-1] = Agreed(user_id, parameter, previous.start, last, agreed.limit, agreed.resolution)
                    else:
                        out.append(agreed)
        return out


def _text(value: Decimal | None) -> str:
    return "" if value is None else format(value.normalize(), "f")


def snapshot(limits: list[Limit], agreed: list[Agreed]) -> dict[str, Any]:
    """What the run read of the law, as JSON: each limit's segments, each user's agreements by parameter."""
    by_limit: dict[str, list[list[str]]] = defaultdict(list)
    for x in limits:
        by_limit[f"{x.parameter}/{x.basis}"].append([x.start.isoformat(), _text(x.high), _text(x.low)])
    by_agreement: dict[str, list[list[str]]] = defaultdict(list)
    for a in agreed:
        by_agreement[f"{a.user_id}/{a.parameter}"].append(
            [a.start.isoformat(), a.end.isoformat(), _text(a.limit), a.resolution]
        )
    return {"limits": dict(by_limit), "agreements": dict(by_agreement)}


def version(read: dict[str, Any]) -> str:
    """The parameters version: a digest of the limits and agreements read."""
    text = json.dumps({"limits": read["limits"], "agreements": read["agreements"]}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _on(segments: list[list[str]] | None, day: dt.date) -> tuple[str, ...] | None:
    """What a list of segments says of ``day``: a limit's run to the next one's start ([start, high, low]); an
    agreement's have their own end ([start, end, limit, resolution])."""
    found = None
    for segment in segments or ():
        if dt.date.fromisoformat(segment[0]) > day:
            continue
        if len(segment) == 4:
            if day <= dt.date.fromisoformat(segment[1]):
                return tuple(segment[2:])
        else:
            found = tuple(segment[1:])
    return found


def first_difference(before: list[list[str]] | None, after: list[list[str]] | None, start: dt.date,
                     end: dt.date) -> dt.date | None:  # fmt: skip
    """The first day of ``start``..``end`` on which two lists of segments (``snapshot``'s) disagree, or None."""
    both = (before or []) + (after or [])
    days = {start} | {dt.date.fromisoformat(s[0]) for s in both}
    days |= {dt.date.fromisoformat(s[1]) + ONE_DAY for s in both if len(s) == 4}
    for day in sorted(d for d in days if start <= d <= end):
        if _on(before, day) != _on(after, day):
            return day
    return None
