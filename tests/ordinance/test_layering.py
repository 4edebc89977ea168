"""The ordinance layer is pure Python: no Django, and only interpretation ids that exist."""

from __future__ import annotations

import ast
from pathlib import Path

import sewerworks.ordinance
from sewerworks.ordinance.interpretations import ID_PATTERN, INTERPRETATIONS, UNASSIGNED

PACKAGE = Path(sewerworks.ordinance.__file__).parent
ALLOWED_SEWERWORKS = "sewerworks.ordinance"


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_there_are_python_files_to_check() -> None:
    assert len(list(PACKAGE.rglob("*.py"))) >= 10


def test_no_module_of_the_ordinance_imports_django() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in PACKAGE.rglob("*.py")
        for name in _imports(path)
        if name == "django" or name.startswith("django.") or name.startswith("rest_framework")
    ]
    assert offenders == []


def test_the_ordinance_imports_no_other_part_of_sewerworks() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in PACKAGE.rglob("*.py")
        for name in _imports(path)
        if name.startswith("sewerworks") and not name.startswith(ALLOWED_SEWERWORKS)
    ]
    assert offenders == []


def test_every_interpretation_id_cited_in_code_or_parameters_exists() -> None:
    cited: dict[str, set[str]] = {}
    record = {PACKAGE / "interpretations.py", *(PACKAGE / "readings").glob("*.py")}  # ids never assigned named there
    for path in [p for p in [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.yaml")] if p not in record]:
        for found in ID_PATTERN.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(found, set()).add(str(path.relative_to(PACKAGE)))
    unknown = {i: sorted(files) for i, files in cited.items() if i not in INTERPRETATIONS}
    assert unknown == {}
    assert {"I-08", "I-20", "I-41"} <= set(cited)


def test_interpretation_ids_are_those_of_the_record_and_never_an_unassigned_one() -> None:
    ids = [*range(1, 9), 10, 11, 12, *range(20, 53), *range(56, 93), *range(95, 109), 110, 111, *range(113, 117),
           *range(150, 155)]  # fmt: skip
    assert {f"I-{n:02d}" for n in ids} <= set(INTERPRETATIONS)
    assert not set(INTERPRETATIONS) & set(UNASSIGNED)
