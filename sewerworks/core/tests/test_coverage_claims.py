"""A claim cannot outlive its code: every requirement the apps claim resolves (URL names, commands, actions,
topics, tests found by import) and each claimed test exercises the claimed workflow; every computable section
lists its requirements; every determination topic and every action that opens by quoting a section is claimed
for it; and the headline is made from the claims."""

from __future__ import annotations

import importlib
import inspect
import io
import json
import pkgutil
import re
from types import ModuleType

import pytest
from django.apps import apps
from django.core.management import call_command

from sewerworks.core.ordinance_browser import verify
from sewerworks.core.ordinance_browser.coverage import NOT_COMPUTABLE, Grade, coverage, problems, summarise
from sewerworks.core.ordinance_browser.requirements import CLAIMS, State, all_requirements, complete
from sewerworks.ordinance.chapter.catalogue import sections
from sewerworks.ordinance.topics import topics

OPENING_CITATION = re.compile(r"§ ?(118-\d+(?:\.\d+)?)")


def test_every_app_of_sewerworks_with_a_coverage_module_has_claimed() -> None:
    labels = {c.label for c in apps.get_app_configs() if c.name.startswith("sewerworks.")}
    with_module = {label for label in labels if importlib.util.find_spec(f"sewerworks.{label}.coverage")}
    assert with_module == set(CLAIMS) and len(CLAIMS) == 9


@pytest.mark.parametrize("app", sorted(CLAIMS))
def test_every_claim_of_the_app_resolves_against_the_code(app: str) -> None:
    assert verify.all_problems(list(CLAIMS[app])) == []


def test_every_computable_section_lists_its_requirements() -> None:
    entries = coverage()
    assert problems(entries) == []
    assert {e.number for e in entries if e.grade is Grade.NOT_COMPUTABLE} == set(NOT_COMPUTABLE)
    assert all(e.requirements for e in entries if e.grade is not Grade.NOT_COMPUTABLE)


def test_every_requirement_not_complete_says_what_the_department_does_meanwhile() -> None:
    unfinished = [r for r in all_requirements() if r.state is not State.COMPLETE]
    assert unfinished and all(len(r.meanwhile) > 30 for r in unfinished)


def test_every_determination_topic_is_claimed_for_a_section_it_cites() -> None:
    claimed = {(t, r.section) for r in all_requirements() for t in r.topics}
    unclaimed = [t.name for t in topics() if not any((t.name, n) in claimed for n in t.sections)]
    assert unclaimed == []


def _action_modules() -> list[ModuleType]:
    found = []
    for config in apps.get_app_configs():
        if not config.name.startswith("sewerworks."):
            continue
        try:
            module = importlib.import_module(config.name + ".actions")
        except ImportError:
            continue
        found.append(module)
        if hasattr(module, "__path__"):
            found += [
                importlib.import_module(f"{module.__name__}.{m.name}") for m in pkgutil.iter_modules(module.__path__)
            ]
    return found


def test_every_action_that_opens_by_quoting_a_section_is_claimed_for_it() -> None:
    """A ``do_*`` action whose docstring opens with a section applies it: the browser must say so."""
    applied: set[tuple[str, str]] = set()
    for module in _action_modules():
        for name, function in vars(module).items():
            if name.startswith("do_") and inspect.isfunction(function) and function.__module__ == module.__name__:
                opening = OPENING_CITATION.match((function.__doc__ or "").strip())
                if opening:
                    applied.add((opening.group(1), name))
    assert ("118-25", "do_certify_meter") in applied
    claimed = {(r.section, a.rpartition(".")[2]) for r in all_requirements() if r.state is State.COMPLETE
               for a in r.actions}  # fmt: skip
    assert applied - claimed == set()


def test_the_headline_counts_complete_sections_only_and_118_53_is_partial_without_the_capital_charges_lien() -> None:
    entries = coverage()
    summary = summarise(entries)
    assert summary.complete == sum(1 for e in entries if e.grade is Grade.COMPLETE)
    assert summary.computable == len(sections()) - len(NOT_COMPUTABLE) == 49
    clerk = next(e for e in entries if e.number == "118-53")
    assert clerk.grade is Grade.PARTIAL
    assert any("statement" in r.text and r.state is State.COMPLETE for r in clerk.requirements)
    assert any("Improvement Areas" in r.text and r.state is State.COMPLETE for r in clerk.requirements)
    assert any("unpaid capital charges" in r.text and r.state is State.MISSING for r in clerk.requirements)


def test_a_claim_naming_what_does_not_exist_fails_with_the_claim_and_the_section() -> None:
    bogus = complete(
        "118-26",
        "the trench inspected",
        views=("permits:trench_inspection",),
        commands=("inspect_trenches",),
        actions=("sewerworks.permits.actions.do_inspect_trench",),
        tests=("sewerworks.permits.tests.test_views.test_no_such_test",),
    )
    found = verify.claim_problems(bogus)
    assert len(found) == 4 and all(p.startswith("§118-26 the trench inspected") for p in found)
    assert "URL name 'permits:trench_inspection' does not exist" in found[0]
    assert "command 'inspect_trenches' does not exist" in found[1]


def test_a_claimed_test_that_never_runs_the_workflow_is_refused() -> None:
    claimed = complete(
        "118-15",
        "the fee at filing",
        views=("permits:fee",),
        actions=("sewerworks.permits.actions.do_record_fee",),
        tests=("sewerworks.permits.tests.test_views.test_the_pdfs_are_served_to_readers",),
    )
    (problem,) = verify.claim_problems(claimed)
    assert "neither reverses nor requests permits:fee, nor calls sewerworks.permits.actions.do_record_fee" in problem


def test_sewerworks_coverage_json_prints_the_headline_and_each_section_from_the_claims() -> None:
    out = io.StringIO()
    call_command("coverage", "--json", stdout=out)
    printed = json.loads(out.getvalue())
    states = [s["state"] for s in printed["sections"]]
    assert printed["complete"] == states.count("complete") == summarise(coverage()).complete
    assert printed["computable"] == 49 == len(states) - states.count("not-computable")
    clerk = next(s for s in printed["sections"] if s["section"] == "118-53")
    assert clerk["state"] == "partial"
    statement = next(r for r in clerk["requirements"] if "statement of unpaid charges" in r["text"])
    assert statement["state"] == "complete" and statement["commands"] == ["relevy"] and not statement.get("meanwhile")
    lien = next(r for r in clerk["requirements"] if "unpaid capital charges" in r["text"])
    assert lien["state"] == "missing" and lien["meanwhile"].startswith("The Town's tax office computes")
    penalty = next(r for r in clerk["requirements"] if r["text"].startswith("10% of the bill"))
    assert penalty["state"] == "complete" and penalty["commands"] == ["sweep"] and penalty["tests"]


def test_a_section_left_without_requirements_is_an_error_of_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(CLAIMS, "engineering", ())
    err = io.StringIO()
    with pytest.raises(SystemExit) as stopped:
        call_command("coverage", stdout=io.StringIO(), stderr=err)
    assert stopped.value.code == 1
    assert "§118-35 Extensions to become town property; guaranty: no requirement is listed" in err.getvalue()
    assert next(e for e in coverage() if e.number == "118-35").grade is Grade.UNLISTED
