"""The layers and packages of sewerworks, declared once (``MAY_IMPORT``) and checked against the code.

Bottom up: the ordinance (pure Python), core's base modules, core's packages, the registry, enforcement (the
deadline engine and the sweep every program uses), billing, the other programs, and the site at the top
(``sewerworks/api.py``, ``urls.py``). Inside core and billing each package is a unit of its own. A unit imports
only the units it is declared to use; a lower layer's templates never name a higher layer's URLs (the higher
app plugs its buttons and navigation in through ``core.web.navigation`` instead). The declaration itself must
be a layering (no unit reaches itself through it), and no module under ``sewerworks/`` takes part in an
import circle at module load. ``docs/architecture.md`` draws the same picture.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

import sewerworks

ROOT = Path(sewerworks.__file__).parent

# --- The declaration ----------------------------------------------------------------------------------------
# Unit -> the units it may import (besides itself). A module's unit is the longest declared prefix of its
# dotted name under ``sewerworks``; tests, test helpers and migrations are checked at the level of their app.
BASE = {"core", "core.money", "core.text", "core.sections", "core.parameters", "core.models"}
CORE_PACKAGES: dict[str, set[str]] = {
    "core.money": set(),
    "core.text": set(),
    "core.sections": {"ordinance"},
    "core.models": {"core.money", "core.sections", "core.text"},
    "core.parameters": {"core.models", "ordinance"},
    "core.records": BASE,
    "core.access": BASE | {"core.records"},
    "core.attachments": BASE | {"core.access"},
    "core.documents": BASE | {"ordinance"},
    "core.determinations": BASE | {"core.access", "ordinance"},
    "core.charges": BASE | {"core.access", "ordinance"},
    "core.ordinance_browser": BASE | {"ordinance"},
    "core.jobs": BASE | {"core.access", "core.records", "core.determinations", "ordinance"},
    "core.imports": BASE | {"core.access", "core.documents", "core.jobs"},
    "core.backup": BASE | {"core.records"},
    "core.actions": BASE | {"core.access"},
    "core.mail": BASE,  # the outbox (issue 37): apps queue mail, the worker delivers it
    "core.api": BASE | {"core.access", "core.records", "core.charges", "core.determinations", "core.jobs", "ordinance"},
    "core.resolutions": BASE
    | {"core.access", "core.api", "core.determinations", "core.ordinance_browser", "ordinance"},
    "core.web": BASE | {"core.access", "core.records", "core.determinations", "core.jobs", "ordinance"},
    "core.demo": BASE | {"core.access", "core.records"},
    "core.templatetags": BASE | {"core.documents"},
    "core.rules": BASE | {"core.access"},
    "core.admin": BASE | {"core.access"},
    "core.apps": BASE | {"core.access", "core.records", "core.web"},
    "core.urls": BASE | {"core.attachments", "core.determinations", "core.resolutions", "core.web"},
    "core.management": BASE
    | {"core.actions", "core.backup", "core.demo", "core.determinations", "core.jobs", "core.mail",
       "core.ordinance_browser", "determine_cli"},  # fmt: skip
}
CORE = set(CORE_PACKAGES) | {"core"}
BELOW_BILLING = CORE | {"ordinance", "registry", "enforcement"}
# Inspections in the field: a mechanism the programs use (permits, later engineering and grease register their
# subjects in it); it uses what lies below billing and never a program.
INSPECTIONS = "inspections"
B = {"billing.choices", "billing.pipeline", "billing.models"}
BILLING_PACKAGES: dict[str, set[str]] = {
    "billing.choices": set(),
    "billing.pipeline": set(),
    "billing.models": {"billing.choices", "billing.pipeline"},
    "billing.ledger": B,
    "billing.pending": B,
    "billing.engine": B,
    "billing.imports": B,
    "billing.penalties": B | {"billing.ledger", "billing.pending"},
    # the relevy (§118-53): the statement, the moves to the tax roll, the county's export and settlement
    "billing.taxroll": B | {"billing.documents", "billing.ledger", "billing.penalties"},
    "billing.statements": B | {"billing.ledger"},
    "billing.documents": B | {"billing.engine", "billing.ledger"},
    # a void gives back what the bill was paid as credit, applied again by billing.actions.credits
    "billing.corrections": B | {"billing.actions", "billing.engine", "billing.ledger", "billing.penalties"},
    "billing.tasks": B | {"billing.documents", "billing.engine", "billing.taxroll"},
    "billing.actions": B
    | {"billing.cash", "billing.documents", "billing.engine", "billing.ledger", "billing.penalties",
       "billing.pending", "billing.review", "billing.tasks", "billing.taxroll"},  # fmt: skip
    "billing.views": B
    | {"billing.actions", "billing.cash", "billing.corrections", "billing.documents", "billing.ledger",
       "billing.penalties", "billing.review", "billing.statements", "billing.capital", "billing.property",
       "billing.taxroll"},  # fmt: skip
    "billing.api": B
    | {"billing.actions", "billing.cash", "billing.corrections", "billing.documents", "billing.ledger",
       "billing.penalties", "billing.review", "billing.statements", "billing.views", "billing.capital",
       "billing.property", "billing.taxroll"},  # fmt: skip
    "billing.management": B
    | {"billing.actions", "billing.engine", "billing.imports", "billing.tasks", "billing.capital", "billing.taxroll"},
    # the clerk's cash: funds, deposits, the month's turnover and their papers (issue 34)
    "billing.cash": B | {"billing.ledger"},
    # the Board's view: revenue per fund, the §118-50 rate review re-rated by the bill run's engine
    "billing.review": B | {"billing.cash", "billing.engine", "billing.ledger"},
    "billing.demo": B | {"billing.actions", "billing.cash", "billing.corrections", "billing.engine", "billing.ledger",
                         "billing.review", "billing.capital", "billing.property", "billing.taxroll"},  # fmt: skip
    # the charges that run with the property (issue 32)
    "billing.capital": B | {"billing.taxroll"},  # the county's column maps (the relevy's)
    "billing.property": B | {"billing.actions", "billing.ledger", "billing.pending", "billing.capital"},
}
PROGRAMS = ("grease", "contracts", "engineering", "permits", "pretreatment")
MAY_IMPORT: dict[str, set[str]] = {
    "ordinance": set(),
    "determine_cli": {"ordinance"},
    **{unit: uses | ({"core"} if unit != "core.money" else set()) for unit, uses in CORE_PACKAGES.items()},
    "core": set(),
    "registry": CORE | {"ordinance"},
    "enforcement": CORE | {"ordinance", "registry"},
    # billing's packages use everything below billing, and those of billing declared for them
    **{unit: BELOW_BILLING | uses for unit, uses in BILLING_PACKAGES.items()},
    # billing's top-level modules (dashboard, timeline, parcel page, navigation ...) plug the packages in
    "billing": BELOW_BILLING | set(BILLING_PACKAGES),
    "inspections": set(BELOW_BILLING),
    # a program posts its charges through billing and has its subjects inspected; no program imports another
    **{program: BELOW_BILLING | set(BILLING_PACKAGES) | {"billing", INSPECTIONS} for program in PROGRAMS},
    # the public side (issue 37) shows what lies below the programs to owners; nothing imports it but the site
    "public": BELOW_BILLING | set(BILLING_PACKAGES) | {"billing"},
    # the site assembles everything
    "api": {"*"},
    "urls": {"*"},
    "settings": set(),
    "wsgi": set(),
    "cli": {"determine_cli"},
}
# The apps bottom up, for templates, tests and migrations: a lower app never names a higher one.
APPS = ["ordinance", "core", "registry", "enforcement", INSPECTIONS, "billing", *PROGRAMS]
URL_TAG = re.compile(r"""{%\s*url\s+["']([\w:.-]+)["']""")


def _app_of(unit: str) -> str:
    return unit.split(".")[0]


def _higher_apps(app: str) -> set[str]:
    if app in PROGRAMS:
        return set(PROGRAMS) - {app}
    return set(APPS[APPS.index(app) + 1 :]) if app in APPS else set()


# --- Reading the code ----------------------------------------------------------------------------------------
def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules(root: Path = ROOT) -> dict[str, Path]:
    return {_module_name(p, root): p for p in root.rglob("*.py")}


def _imports(path: Path, root: Path = ROOT, *, at_load: bool = False) -> list[str]:
    """Absolute module names ``path`` imports (``from a import b`` names ``a.b`` when that is a module).
    ``at_load``: only what runs when the module is loaded (not in functions, not under ``TYPE_CHECKING``)."""
    modules = _modules(root)
    name = _module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[str] = []

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and at_load:
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test) and at_load:
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, node.module] if node.module else parts)
                for alias in node.names:
                    found.append(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    visit([child])
                elif isinstance(child, ast.excepthandler):
                    visit(child.body)

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)).body)
    return found


def _unit(module: str) -> str | None:
    """The declared unit of a ``sewerworks`` module, or None outside sewerworks."""
    if module != "sewerworks" and not module.startswith("sewerworks."):
        return None
    rest = module.removeprefix("sewerworks").removeprefix(".")
    parts = rest.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in MAY_IMPORT:
            return ".".join(parts[:n])
    return rest or None


def _is_test_or_migration(module: str) -> bool:
    return bool({"tests", "testing", "migrations"} & set(module.split(".")))


def _offending_imports(root: Path = ROOT) -> list[str]:
    offenders = []
    for module, path in sorted(_modules(root).items()):
        unit = _unit(module)
        if unit is None:
            continue
        for target in _imports(path, root):
            used = _unit(target)
            if used is None or used == unit or used == "sewerworks" or target == "sewerworks":
                continue
            if _is_test_or_migration(module):
                ok = _app_of(used) not in _higher_apps(_app_of(unit))
            else:
                allowed = MAY_IMPORT.get(unit, set())
                ok = "*" in allowed or used in allowed
            if not ok:
                offenders.append(f"{path.relative_to(root)}: {target} ({unit} may not import {used})")
    return offenders


def _offending_url_names(root: Path = ROOT) -> list[str]:
    return [
        f"{path.relative_to(root)}: {name}"
        for app in APPS
        for path in (root / app).rglob("templates/**/*.html")
        for name in URL_TAG.findall(path.read_text(encoding="utf-8"))
        if name.split(":")[0] in _higher_apps(app) | {"api"}
    ]


def _circles(root: Path = ROOT, *, at_load: bool) -> list[list[str]]:
    """The import circles among the modules under ``root`` (strongly connected sets of two or more). An
    import of ``a.b.c`` loads ``a`` and ``a.b`` too, except the packages the importer is itself inside."""
    modules = _modules(root)
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        edges = set()
        for name in _imports(path, root, at_load=at_load):
            parts = name.split(".")
            for n in range(1, len(parts) + 1):
                target = ".".join(parts[:n])
                if target in modules and target != module and not module.startswith(target + "."):
                    edges.add(target)
        graph[module] = edges
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def connect(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph)))
    try:
        for v in sorted(graph):
            if v not in index:
                connect(v)
    finally:
        sys.setrecursionlimit(limit)
    return circles


# Circles through imports deferred into a function, each on purpose: the duties registry opens deadlines
# (enforcement.actions) and the connection action reads which duties a record holds. Nothing else may join.
DEFERRED_CIRCLES = [
    [
        "sewerworks.enforcement.actions",
        "sewerworks.enforcement.actions.clocks",
        "sewerworks.enforcement.actions.connection",
        "sewerworks.enforcement.actions.notices",
        "sewerworks.enforcement.duties",
    ]
]


# --- The tests -------------------------------------------------------------------------------------------------
def test_the_declaration_is_a_layering_no_unit_reaches_itself() -> None:
    def reach(unit: str, seen: set[str]) -> set[str]:
        for used in MAY_IMPORT.get(unit, set()) - {"*"}:
            if used not in seen:
                seen.add(used)
                reach(used, seen)
        return seen

    assert [unit for unit in MAY_IMPORT if unit in reach(unit, set())] == []


def test_every_module_imports_only_what_its_package_may() -> None:
    assert list(_modules().values()), "no Python files found"
    assert _offending_imports() == []


def test_a_lower_layers_templates_never_name_a_higher_layers_urls() -> None:
    assert list(ROOT.rglob("templates/**/*.html")), "no templates found"
    assert _offending_url_names() == []


def test_no_module_takes_part_in_an_import_circle_at_module_load() -> None:
    assert _circles(at_load=True) == []


def test_no_circle_through_deferred_imports_but_the_ones_named() -> None:
    assert _circles(at_load=False) == DEFERRED_CIRCLES


def test_core_keeps_at_most_15_top_level_modules_and_billing_20() -> None:
    assert len(list((ROOT / "core").glob("*.py"))) <= 15
    assert len(list((ROOT / "billing").glob("*.py"))) <= 20


@pytest.mark.parametrize("package", sorted(p for p in CORE_PACKAGES if (ROOT / p.replace(".", "/")).is_dir()))
def test_each_package_of_core_says_what_it_owns_and_may_import(package: str) -> None:
    init = ROOT / package.replace(".", "/") / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
    if package in {"core.models", "core.management", "core.templatetags", "core.migrations"}:
        return  # Django's own folders
    assert len(doc) > 40, f"{init.relative_to(ROOT)} has no docstring saying what it owns"


def test_the_checks_see_what_they_look_for(tmp_path: Path) -> None:
    """The checks are not vacuous: an upward import, an upward URL name, an undeclared use inside core and a
    circle at load are all found when present."""
    root = tmp_path / "sewerworks"
    for folder in ("registry/views", "registry/templates/registry", "core/records", "core/web"):
        (root / folder).mkdir(parents=True)
    for init in ("__init__.py", "registry/__init__.py", "registry/views/__init__.py", "core/__init__.py",
                 "core/records/__init__.py", "core/web/__init__.py"):  # fmt: skip
        (root / init).write_text("")
    (root / "registry" / "views" / "probe.py").write_text(
        "import sewerworks.core.web.navigation\nfrom sewerworks.enforcement.models import N\nfrom ...billing import x\n"
    )
    (root / "core" / "records" / "a.py").write_text("from sewerworks.core.web import b\n")
    (root / "core" / "web" / "b.py").write_text("from sewerworks.core.records import a\n")
    (root / "registry" / "templates" / "registry" / "probe.html").write_text(
        "{% url 'registry:parcel_list' %} {% url \"enforcement:issue_notice\" 1 %}"
    )
    _modules.cache_clear()
    try:
        offenders = _offending_imports(root)
        upward = "registry/views/probe.py: sewerworks.enforcement.models (registry may not import enforcement)"
        assert upward in offenders
        assert "registry/views/probe.py: sewerworks.billing (registry may not import billing)" in offenders
        assert "core/records/a.py: sewerworks.core.web.b (core.records may not import core.web)" in offenders
        assert _offending_url_names(root) == ["registry/templates/registry/probe.html: enforcement:issue_notice"]
        assert _circles(root, at_load=True) == [["sewerworks.core.records.a", "sewerworks.core.web.b"]]
    finally:
        _modules.cache_clear()
