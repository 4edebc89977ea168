"""A parameter value the Board sets by resolution, for a topic's tests: the jurisdiction as loaded with one
dated value added (``resolved("relevy.interest_rate", date(2026, 1, 5), 9)``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from sewerworks.ordinance.parameters import ParameterSet, Reference, SiteValue, load_jurisdiction

READING = Reference(kind="resolution", instrument="Resolution 2026-70", adopted=date(2026, 1, 5), section="118-53")


@dataclass
class Resolutions:
    values: list[SiteValue]
    name: str = "test resolutions"

    def dated_values(self) -> Iterable[SiteValue]:
        return self.values


def resolved(key: str, effective: date, value: Any, reading: Reference = READING) -> ParameterSet:
    return load_jurisdiction(sources=[Resolutions([SiteValue(key, effective, value, reading)])])
