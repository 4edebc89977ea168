"""Small helpers rule modules share: building a Decision that lists what it read, and wording numbers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal

from sewerworks.ordinance.decision import Amount, Deadline, Decision, Finding
from sewerworks.ordinance.money import plain
from sewerworks.ordinance.parameters import ParameterView


def decide(
    *,
    topic: str,
    as_of: date,
    view: ParameterView,
    outcome: str,
    summary: str,
    findings: Sequence[Finding],
    deadlines: Sequence[Deadline] = (),
    amounts: Sequence[Amount] = (),
    interpretations: Iterable[str] = (),
) -> Decision:
    """A Decision listing the parameters read through ``view`` and every interpretation relied on."""
    return Decision(
        topic=topic,
        as_of=as_of,
        outcome=outcome,
        summary=summary,
        findings=list(findings),
        deadlines=list(deadlines),
        amounts=list(amounts),
        parameters=view.uses(),
        interpretations=sorted({*interpretations, *view.interpretations()}),
    )


def num(value: Decimal | int) -> str:
    """A number as a person writes it: 100, 4.5, 0.125."""
    return plain(Decimal(value))
