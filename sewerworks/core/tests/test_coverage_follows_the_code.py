"""Coverage follows what is built and tested.

A ``do_*`` action whose docstring opens by quoting a section (``"§118-25: ..."``) applies that section, so the
ordinance browser must not call it "not yet implemented" (it did for §118-25 while meter certification
worked). Every test an app names as showing its declared section must exist, so a declaration cannot
outlive the tests behind it.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from types import ModuleType

from django.apps import apps

from sewerworks.core.ordinance_browser.coverage import TESTED_BY, Status, section_coverage

OPENING_CITATION = re.compile(r"§ ?(118-\d+(?:\.\d+)?)")
ROOT = Path(__file__).resolve().parents[3]


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


def sections_actions_apply() -> dict[str, list[str]]:
    """Section -> the ``do_*`` actions whose docstring opens with that section."""
    applied: dict[str, list[str]] = {}
    for module in _action_modules():
        for name, function in vars(module).items():
            if not (name.startswith("do_") and inspect.isfunction(function) and function.__module__ == module.__name__):
                continue
            opening = OPENING_CITATION.match((function.__doc__ or "").strip())
            if opening:
                applied.setdefault(opening.group(1), []).append(f"{module.__name__}.{name}")
    return applied


def test_meter_certification_makes_118_25_implemented_not_not_yet() -> None:
    entry = section_coverage("118-25")
    assert entry.status is Status.IMPLEMENTED
    assert "certifies each meter" in entry.reason


def test_every_section_an_action_applies_is_implemented_in_the_coverage() -> None:
    applied = sections_actions_apply()
    assert "118-25" in applied  # do_certify_meter: the case that was missed
    missing = {n: by for n, by in applied.items() if section_coverage(n).status is not Status.IMPLEMENTED}
    assert missing == {}, f"applied by these actions but not declared implemented: {missing}"


def test_every_test_named_as_showing_a_section_exists() -> None:
    assert TESTED_BY["118-25"], "meter certification names the tests that show it"
    absent = []
    for number, tests in TESTED_BY.items():
        for reference in tests:
            path, _, name = reference.partition("::")
            file = ROOT / path
            defined = file.is_file() and any(
                isinstance(node, ast.FunctionDef) and node.name == name
                for node in ast.walk(ast.parse(file.read_text()))
            )
            if not defined:
                absent.append(f"§{number}: {reference}")
    assert absent == []
