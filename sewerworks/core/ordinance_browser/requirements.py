"""What each section of Chapter 118 requires of the product, requirement by requirement, claimed by the app
that carries it out (or will), in that app's ``coverage.py``.

A requirement is one clause the product must carry out ("§118-53 the Town Clerk's statement of unpaid
charges"). It is in one of three states (I-171):

- **complete**: a workflow a user runs (``views``: URL names; ``commands``: management commands) and the
  ``tests`` that exercise it, each a dotted path to a test function that reverses or requests one of the
  claimed URLs, or calls the claimed command or one of the ``actions`` (checked by ``verify.py``);
- **rule only**: a determination topic applies the rule (``topics``) but no workflow records it;
- **missing**: nothing carries it out yet.

A requirement that is not complete says in one line what the department does by hand meanwhile
(``meanwhile``). An app claims its requirements once, when it loads::

    from sewerworks.core.ordinance_browser.requirements import claim, complete, missing

    T = "sewerworks.registry.tests."
    REQUIREMENTS = claim(
        "registry",
        complete("118-25", "the Water Superintendent certifies the meter installed and working",
                 views=("registry:meter_certify",), actions=("sewerworks.registry.actions.do_certify_meter",),
                 tests=(T + "test_meter_certify_screen.test_the_water_superintendent_is_offered_the_form_and_"
                        "certifies_the_meter",)),
        missing("118-25", "the connection waits for the meter's certification",
                meanwhile="The inspector checks the certification on paper before the connection."),
    )
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from sewerworks.ordinance.chapter.catalogue import UnknownSection, normalise_number, section


class State(StrEnum):
    """The state of one requirement; ``label`` is what the browser prints."""

    COMPLETE = "complete"
    RULE_ONLY = "rule-only"
    MISSING = "missing"

    @property
    def label(self) -> str:
        return {"complete": "Complete", "rule-only": "Rule only", "missing": "Missing"}[self.value]


@dataclass(frozen=True)
class Requirement:
    """One clause of a section the product must carry out, and what carries it out."""

    section: str
    text: str
    state: State
    views: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    tests: tuple[str, ...] = ()
    meanwhile: str = ""
    app: str = ""

    def __str__(self) -> str:
        return f"§{self.section} {self.text}" + (f" ({self.app})" if self.app else "")

    @property
    def workflows(self) -> tuple[str, ...]:
        return (*self.views, *self.commands)

    def problems(self) -> list[str]:
        """What makes the claim unsound as written (names are resolved by ``verify.py``, in the tests)."""
        found = []
        if not self.text.strip():
            found.append("says nothing: a requirement names the clause it carries out")
        if self.state is State.COMPLETE:
            if not self.workflows:
                found.append("is complete without a workflow (a URL name or a management command)")
            if not self.tests:
                found.append("is complete without a test that exercises its workflow")
            if self.meanwhile:
                found.append("is complete, so the department does nothing by hand for it (no meanwhile)")
        else:
            if self.workflows or self.tests:
                found.append(f"is {self.state.label.lower()} yet names a workflow or a test: claim it complete")
            if self.state is State.RULE_ONLY and not self.topics:
                found.append("is rule only without the determination topic that applies the rule")
            if not self.meanwhile.strip():
                found.append("is not complete and does not say what the department does meanwhile")
        bad = [a for a in self.actions if "." not in a or not a.rpartition(".")[2].startswith("do_")]
        found += [f"names action {a!r}, not a dotted path to a do_* function" for a in bad]
        return found


def _requirement(number: str, text: str, state: State, **fields: tuple[str, ...] | str) -> Requirement:
    try:
        key = section(normalise_number(number)).number
    except UnknownSection:
        raise ValueError(f"§{number} {text}: not a section of Chapter 118") from None
    return Requirement(section=key, text=text, state=state, **fields)  # type: ignore[arg-type]


def complete(
    number: str,
    text: str,
    *,
    views: tuple[str, ...] = (),
    commands: tuple[str, ...] = (),
    actions: tuple[str, ...] = (),
    topics: tuple[str, ...] = (),
    tests: tuple[str, ...] = (),
) -> Requirement:
    """A requirement a user carries out through ``views`` or ``commands``, shown by ``tests``."""
    return _requirement(
        number, text, State.COMPLETE, views=views, commands=commands, actions=actions, topics=topics, tests=tests
    )


def rule_only(number: str, text: str, *, topics: tuple[str, ...], meanwhile: str) -> Requirement:
    """A requirement a determination topic applies, with no workflow recording it yet."""
    return _requirement(number, text, State.RULE_ONLY, topics=topics, meanwhile=meanwhile)


def missing(number: str, text: str, *, meanwhile: str) -> Requirement:
    """A requirement nothing carries out yet, and what the department does by hand meanwhile."""
    return _requirement(number, text, State.MISSING, meanwhile=meanwhile)


# app label -> its requirements, as claimed
CLAIMS: dict[str, tuple[Requirement, ...]] = {}


class UnsoundClaim(ValueError):
    """A claim that cannot be true as written; the message names the claim and its section."""


def claim(app: str, *requirements: Requirement) -> tuple[Requirement, ...]:
    """Record ``app``'s requirements (replacing what it claimed before); refuse an unsound one."""
    claimed = tuple(replace(r, app=app) for r in requirements)
    problems = [f"{r} {p}" for r in claimed for p in r.problems()]
    if problems:
        raise UnsoundClaim("; ".join(problems))
    CLAIMS[app] = claimed
    return claimed


def all_requirements(claims: Mapping[str, tuple[Requirement, ...]] | None = None) -> list[Requirement]:
    """Every requirement claimed, app by app in the order claimed."""
    source = CLAIMS if claims is None else claims
    return [r for app in sorted(source) for r in source[app]]
