"""Apps are layered: the ordinance at the bottom, then core, then the registry, then the programs that
act on the registry (enforcement, billing). A lower layer never imports a higher one, and a lower layer's
templates never name a higher layer's URLs (``{% url 'enforcement:...' %}`` in a registry template):
the higher app plugs its buttons and navigation in through ``core.web.navigation`` instead."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import sewerworks

ROOT = Path(sewerworks.__file__).parent
# app -> the apps above it, which it must never import nor name in a template.
PROGRAMS = {"billing", "grease", "contracts", "engineering", "permits", "pretreatment"}
HIGHER: dict[str, set[str]] = {
    "ordinance": {"core", "registry", "enforcement", *PROGRAMS},
    "core": {"registry", "enforcement", *PROGRAMS},
    "registry": {"enforcement", *PROGRAMS},
    # programs use the deadline engine; it names none of them
    "enforcement": PROGRAMS - {"billing"},
}
URL_TAG = re.compile(r"""{%\s*url\s+["']([\w:.-]+)["']""")


def _imports(path: Path, root: Path = ROOT) -> list[str]:
    """Absolute module names imported by ``path`` (relative imports resolved against its package)."""
    package = ".".join(path.relative_to(root.parent).with_suffix("").parts[:-1])
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                names.append(".".join([*base, node.module] if node.module else base))
            elif node.module:
                names.append(node.module)
    return names


def _offending_imports(app: str, root: Path = ROOT) -> list[str]:
    above = HIGHER[app]
    return [
        f"{path.relative_to(root)}: {name}"
        for path in (root / app).rglob("*.py")
        for name in _imports(path, root)
        if name.split(".")[:2] in [["sewerworks", h] for h in above]
    ]


def _offending_url_names(app: str, root: Path = ROOT) -> list[str]:
    above = HIGHER[app]
    return [
        f"{path.relative_to(root)}: {name}"
        for path in (root / app).rglob("templates/**/*.html")
        for name in URL_TAG.findall(path.read_text(encoding="utf-8"))
        if name.split(":")[0] in above
    ]


@pytest.mark.parametrize("app", sorted(HIGHER))
def test_a_lower_layer_never_imports_a_higher_one(app: str) -> None:
    assert list((ROOT / app).rglob("*.py")), f"no Python files found for {app}"
    assert _offending_imports(app) == []


@pytest.mark.parametrize("app", ["core", "registry", "enforcement"])
def test_a_lower_layers_templates_never_name_a_higher_layers_urls(app: str) -> None:
    assert list((ROOT / app).rglob("templates/**/*.html")), f"no templates found for {app}"
    assert _offending_url_names(app) == []


def test_the_checks_see_what_they_look_for(tmp_path: Path) -> None:
    """The checks are not vacuous: they find an upward import and an upward URL name when present."""
    root = tmp_path / "sewerworks"
    (root / "registry" / "views").mkdir(parents=True)
    (root / "registry" / "templates" / "registry").mkdir(parents=True)
    (root / "registry" / "views" / "probe.py").write_text(
        "import sewerworks.core.web.navigation\nfrom sewerworks.enforcement.models import N\nfrom ...billing import x\n"
    )
    (root / "registry" / "templates" / "registry" / "probe.html").write_text(
        "{% url 'registry:parcel_list' %} {% url \"enforcement:issue_notice\" 1 %}"
    )
    assert _offending_imports("registry", root) == [
        "registry/views/probe.py: sewerworks.enforcement.models",
        "registry/views/probe.py: sewerworks.billing",
    ]
    assert _offending_url_names("registry", root) == [
        "registry/templates/registry/probe.html: enforcement:issue_notice"
    ]
