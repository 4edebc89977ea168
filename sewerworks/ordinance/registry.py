"""The determination registry: topics, their facts models, rules and worked examples.

A topic is one determination the CLI and the REST API expose as JSON in / JSON out (``determine
exfiltration-test``). Rule modules define their ``TOPIC``; :mod:`sewerworks.ordinance.topics` registers
the built-in ones, and later modules call :func:`register` with their own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from sewerworks.ordinance.chapter.catalogue import section
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.interpretations import is_known
from sewerworks.ordinance.parameters import ParameterSet, ParameterView, load_jurisdiction

F = TypeVar("F", bound=BaseModel)


class UnknownTopic(KeyError):
    """No topic of that name is registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown topic"


class FactsError(ValueError):
    """The facts do not fit the topic's facts model; ``errors`` is JSON-able (loc, msg, type)."""

    def __init__(self, topic: str, errors: list[dict[str, Any]]) -> None:
        self.topic = topic
        self.errors = errors
        details = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(facts)'}: {e['msg']}" for e in errors)
        super().__init__(f"invalid facts for {topic}: {details}")


@dataclass(frozen=True)
class Example:
    """A worked example: the facts, the outcome the rule must reach and, by stable key, the amounts and
    deadlines it must compute (``{"fine": "650.00"}``, ``{"connect": "2026-06-30"}``; a deadline counted
    in hours as an ISO date-time). Each one is a test, checked to the cent and to the day."""

    title: str
    facts: Mapping[str, Any]
    expected_outcome: str
    amounts: Mapping[str, str] = field(default_factory=dict)
    deadlines: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Topic(Generic[F]):
    """One determination: the sections it applies, its facts, its rule and worked examples."""

    name: str
    title: str
    sections: tuple[str, ...]
    facts_model: type[F]
    rule: Callable[[F, ParameterView, date], Decision]
    examples: tuple[Example, ...] = ()
    interpretations: tuple[str, ...] = field(default=())

    def json_schema(self) -> dict[str, Any]:
        return self.facts_model.model_json_schema()


_REGISTRY: dict[str, Topic[Any]] = {}


def register(new: Topic[F]) -> Topic[F]:
    """Add a topic; its sections must exist and its interpretation ids be known. Re-registering is a no-op."""
    for number in new.sections:
        section(number)  # raises UnknownSection
    unknown = [i for i in new.interpretations if not is_known(i)]
    if unknown:
        raise ValueError(f"topic {new.name}: unknown interpretation id(s) {', '.join(unknown)}")
    existing = _REGISTRY.get(new.name)
    if existing is not None and existing is not new:
        raise ValueError(f"a different topic named {new.name!r} is already registered")
    _REGISTRY[new.name] = new
    return new


def topic(name: str) -> Topic[Any]:
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownTopic(f"no topic named {name!r} (known topics: {known})") from None


def topics() -> tuple[Topic[Any], ...]:
    """Every registered topic, in order of registration."""
    return tuple(_REGISTRY.values())


def facts_errors(error: ValidationError) -> list[dict[str, Any]]:
    return [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in error.errors()]


def determine(
    name: str,
    facts: Mapping[str, Any],
    *,
    as_of: date,
    params: ParameterSet | None = None,
) -> Decision:
    """Validate the facts for the topic and apply its rule with the parameters in force on ``as_of``."""
    chosen = topic(name)
    try:
        model = chosen.facts_model.model_validate(dict(facts))
    except ValidationError as error:
        raise FactsError(name, facts_errors(error)) from None
    view = (params if params is not None else load_jurisdiction()).at(as_of)
    return chosen.rule(model, view, as_of)
