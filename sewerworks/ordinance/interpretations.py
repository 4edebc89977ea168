"""Our readings of Chapter 118 where its text is missing, conflicting or needs a convention: one record per
interpretation id (title, decision, sections, parameters, how far it is carried out), and the ids never
assigned, each with why.

Code and parameter files cite these ids wherever they depend on a reading; tests check every citation against
this record, that each id carried out is cited by some code, and that ``docs/interpretations.md`` (generated
from it) is current. The records live in :mod:`sewerworks.ordinance.readings`, a module per range of ids.

Adding a reading: one entry in the module of its range (or a new module listed in ``readings/__init__.py``)::

    Interpretation(
        "I-117",
        title="§118-53 ...: one line",
        decision="What sewerworks does, in a few sentences.",
        sections=("118-53",),
        parameters=("charges.some_key",),  # the parameters whose files name I-117, exactly
        status=Status.CARRIED_OUT,  # or IN_PART / NOT_YET with missing="what is not done yet"
    ),

then regenerate the document: ``.venv/bin/python -m sewerworks.ordinance.readings.document``.
"""

from __future__ import annotations

import re

from sewerworks.ordinance.readings import ENTRIES, Interpretation, Status

# Ids skipped when the ranges were handed out, or reserved and then not needed: never a reading.
UNASSIGNED: dict[str, str] = {
    "I-09": "The 'missing text' range ended at I-08; I-09 was never used.",
    **{f"I-{n}": "The 'conflicts' range ended at I-12; I-13 to I-19 were never used." for n in range(13, 20)},
    **{f"I-{n}": "Reserved for the deadline engine's issue and not needed; never used." for n in range(53, 56)},
    "I-93": "Reserved for every role's day (issue 17) and not needed; never used.",
    "I-94": "Reserved for every role's day (issue 17) and not needed; never used.",
    "I-109": "Reserved for the bill run's speed goals and not needed; never used.",
    "I-112": "Reserved for the registry's tax map search and found not to be a reading of the law (it is how "
    "people type a tax map number); never used.",
    **{f"I-{n}": "Between the ranges handed to issues 29 to 38; never handed out." for n in [*range(165, 170), 173]},
    "I-174": "Between the ranges handed to issues 29 to 38; never handed out.",
    **{f"I-{n}": "Between the ranges handed to issues 29 to 38; never handed out."
       for n in [*range(135, 140), *range(145, 150), *range(155, 160)]},
    **{f"I-{n}": "Handed to Hardening II (issue 30) and not needed: its fixes needed no new reading; never used."
       for n in range(177, 180)},
    "I-183": "Handed to the workday issue (38) and not needed; never used.",
    "I-184": "Handed to the workday issue (38) and not needed; never used.",
}

RECORD: dict[str, Interpretation] = {entry.id: entry for entry in sorted(ENTRIES, key=lambda e: e.number)}
INTERPRETATIONS: dict[str, str] = {entry.id: entry.title for entry in RECORD.values()}

ID_PATTERN = re.compile(r"\bI-\d{2,3}\b")

__all__ = [
    "ID_PATTERN",
    "INTERPRETATIONS",
    "RECORD",
    "UNASSIGNED",
    "Interpretation",
    "Status",
    "UnknownInterpretation",
    "is_known",
    "record",
    "title",
]


class UnknownInterpretation(KeyError):
    """An interpretation id that is not assigned."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown interpretation"


def record(interpretation_id: str) -> Interpretation:
    """The whole record of one reading (UnknownInterpretation for an id not assigned)."""
    try:
        return RECORD[interpretation_id]
    except KeyError:
        why = UNASSIGNED.get(interpretation_id, "")
        message = f"{interpretation_id!r} is not an interpretation in docs/interpretations.md" + (
            f" ({why})" if why else ""
        )
        raise UnknownInterpretation(message) from None


def title(interpretation_id: str) -> str:
    return record(interpretation_id).title


def is_known(interpretation_id: str) -> bool:
    return interpretation_id in RECORD
