from __future__ import annotations

import json
from typing import Any

from django import template

register = template.Library()


@register.filter
def json_pretty(value: Any) -> str:
    """Indented JSON for display (escaped by the template engine)."""
    return json.dumps(value, indent=2, sort_keys=False, default=str)


# A facts key's unit suffix as people write it (issue 38, item 7: "measured mg l" was "measured_mg_l").
UNITS = (("_in_per_ft", "in/ft"), ("_mg_l", "mg/L"), ("_ug_l", "µg/L"), ("_gal", "gal"), ("_ft", "ft"),
         ("_in", "in"), ("_percent", "%"), ("_lb", "lb"), ("_days", "days"))  # fmt: skip


@register.filter
def fact_name(value: Any) -> str:
    """A facts key as words, its unit in brackets: ``measured_leakage_gal`` -> "measured leakage (gal)"."""
    key = str(value)
    for suffix, unit in UNITS:
        if key.endswith(suffix) and len(key) > len(suffix):
            return f"{key[: -len(suffix)].replace('_', ' ')} ({unit})"
    return key.replace("_", " ")
