"""Facts a record already holds, for a determination opened from a parcel's page. Apps register, per
topic, a function from a parcel's id to the facts their records imply (enforcement: the connection
deadlines from the parcel's notice, connection and private system); core never names their models."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ParcelFacts:
    topic: str
    said: str  # what the facts come from, in words: "the parcel's Notice to Connect, connection and septic system"
    source: Callable[[int], dict[str, Any]]


_SOURCES: dict[str, ParcelFacts] = {}


def register_parcel_facts(topic: str, said: str, source: Callable[[int], dict[str, Any]]) -> None:
    _SOURCES[topic] = ParcelFacts(topic, said, source)


def parcel_facts(topic: str) -> ParcelFacts | None:
    return _SOURCES.get(topic)


def parcel_fact_topics() -> list[ParcelFacts]:
    return [_SOURCES[name] for name in sorted(_SOURCES)]


_LABEL: list[Callable[[int], str | None]] = []


def register_parcel_label(label: Callable[[int], str | None]) -> None:
    """The registry names a parcel by its id ("68 Main Street (108.12-3-45)"), None when there is none."""
    _LABEL[:] = [label]


def parcel_label(parcel_id: int) -> str | None:
    return _LABEL[0](parcel_id) if _LABEL else f"parcel {parcel_id}"
