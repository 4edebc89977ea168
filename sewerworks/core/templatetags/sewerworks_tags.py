from __future__ import annotations

import json
from typing import Any

from django import template

register = template.Library()


@register.filter
def json_pretty(value: Any) -> str:
    """Indented JSON for display (escaped by the template engine)."""
    return json.dumps(value, indent=2, sort_keys=False, default=str)


@register.filter
def fact_name(value: Any) -> str:
    """A facts key as words: ``measured_leakage_gal`` -> "measured leakage gal"."""
    return str(value).replace("_", " ")
