"""core is the base every program stands on: it never imports registry or enforcement (nor, later, the
programs), so any of them may use it."""

from __future__ import annotations

import ast
from pathlib import Path

import sewerworks.core

CORE = Path(sewerworks.core.__file__).parent
ABOVE = ("sewerworks.registry", "sewerworks.enforcement")


def test_no_module_of_core_imports_an_app_above_it() -> None:
    offenders = []
    for path in CORE.rglob("*.py"):
        if "tests" in path.relative_to(CORE).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else ([node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            )
            offenders += [f"{path.relative_to(CORE)}: {n}" for n in names if n.startswith(ABOVE)]
    assert offenders == []
