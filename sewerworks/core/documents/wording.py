"""How dates, times, money, sections of Chapter 118 and interpretation ids are printed on a notice."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.utils import timezone

from sewerworks.ordinance.chapter import catalogue
from sewerworks.ordinance.interpretations import INTERPRETATIONS


def spoken_day(day: dt.date) -> str:
    """A date as the notice prints it: "Tuesday, June 30, 2026"."""
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def spoken_date(day: dt.date) -> str:
    """A short date: "June 30, 2026"."""
    return f"{day:%B} {day.day}, {day.year}"


def spoken_moment(moment: dt.datetime) -> str:
    """A moment in the Town's time zone: "10:00 a.m. on Monday, March 9, 2026"."""
    local = timezone.localtime(moment)
    hour = local.hour % 12 or 12
    meridiem = "a.m." if local.hour < 12 else "p.m."
    return f"{hour}:{local.minute:02d} {meridiem} on {spoken_day(local.date())}"


def money(amount: Decimal | int | str) -> str:
    """Dollars and cents with thousands separators: "$1,250.00" (I-23: Decimal, never float)."""
    value = Decimal(str(amount)).quantize(Decimal("0.01"))
    return f"${value:,.2f}"


def cited_sections(*numbers: str) -> list[dict[str, Any]]:
    """The sections as printed in Chapter 118 (heading, paragraphs, amendment notes), each once, in order."""
    printed: list[dict[str, Any]] = []
    seen: set[str] = set()
    for number in numbers:
        if not number or number in seen:
            continue
        seen.add(number)
        sec = catalogue.section(number)
        printed.append(
            {
                "number": sec.number,
                "citation": sec.citation,
                "title": sec.title,
                "paragraphs": [p for p in sec.text.splitlines() if p.strip()],
                "amendments": list(sec.amendments),
            }
        )
    return printed


def interpretation_lines(ids: list[str] | tuple[str, ...]) -> list[str]:
    """ "Day counting: I-20" for each id cited (the title's lead words, then the id), each once, sorted."""
    lines = []
    for ident in sorted(set(ids)):
        title = INTERPRETATIONS.get(ident, "")
        lead = title.split(":", 1)[0].strip() if title else "Interpretation"
        lines.append(f"{lead}: {ident}")
    return lines


def decision_interpretations(decision_json: dict[str, Any] | None) -> list[str]:
    """Every interpretation id a stored ordinance Decision rests on (its own, its deadlines', findings')."""
    if not decision_json:
        return []
    ids = list(decision_json.get("interpretations") or [])
    for key in ("deadlines", "findings"):
        for item in decision_json.get(key) or []:
            ids.extend(item.get("interpretations") or [])
    return ids


def person(user: Any) -> str:
    """A staff member's name as signed on a notice."""
    if user is None:
        return ""
    full = user.get_full_name() if hasattr(user, "get_full_name") else ""
    return full or user.get_username()
