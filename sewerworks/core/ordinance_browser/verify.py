"""Every claim resolved against the code, so that a claim cannot outlive what it names.

For each requirement: every URL name is in the site's URLconf, every command is a management command, every
action imports and is a function, every topic is registered, every test is a test function found by import
(not by collecting the suite), and each claimed test reverses (or requests the path of) one of the claimed
URLs, or calls the claimed command or one of the claimed actions, as its source shows. The tests run this
(``sewerworks/core/tests/test_coverage_claims.py``); ``sewerworks coverage --check`` runs it by hand.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from collections.abc import Callable, Iterator
from typing import Any

from django.core.management import get_commands
from django.urls import NoReverseMatch, Resolver404, resolve, reverse

from sewerworks.core.ordinance_browser.links import url_views
from sewerworks.core.ordinance_browser.requirements import Requirement
from sewerworks.ordinance.topics import UnknownTopic, topic


def url_names() -> frozenset[str]:
    """Every URL name of the site, with its namespaces ("registry:meter_certify")."""
    return frozenset(url_views())


def import_dotted(path: str) -> Any:
    """The object at ``module.attribute`` (ImportError or AttributeError when absent)."""
    module, _, name = path.rpartition(".")
    if not module:
        raise ImportError(f"{path!r} is not a dotted path")
    return getattr(importlib.import_module(module), name)


def _text(node: ast.expr, known: dict[str, str]) -> str | None:
    """A string constant or f-string as text: a placeholder reads as 1, or as the string a name was given."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue) and isinstance(value.value, ast.Name):
                parts.append(known.get(value.value.id, "1"))
            else:
                parts.append("1")
        return "".join(parts)
    return None


def _literal_paths(tree: ast.AST, constants: dict[str, str]) -> Iterator[str]:
    """The URL paths a test writes out: strings and f-strings starting with "/", an f-string's placeholders read
    as 1 or as the path a name was given (``url = f"/permits/{pk}/"; client.post(f"{url}move/")``), in the
    function or as one of the module's ``constants``."""
    known = dict(constants)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            text = _text(node.value, known)
            if text is not None:
                known[node.targets[0].id] = text
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant | ast.JoinedStr):
            text = _text(node, known)
            if text is not None and text.startswith("/"):
                yield text


def _requests(path: str, names: tuple[str, ...]) -> set[str]:
    """Which of the URL ``names`` a request of ``path`` reaches: those that reverse, with the arguments the path
    resolves to, to the path itself (the API names one path once per method: GET and POST /api/permits)."""
    path = path.split("?")[0]
    try:
        match = resolve(path)
    except Resolver404:
        return set()
    reached = set()
    for name in names:
        try:
            if reverse(name, args=match.args, kwargs=match.kwargs) == path:
                reached.add(name)
        except NoReverseMatch:
            continue
    return reached


def _sources(function: Callable[..., Any], depth: int = 2) -> list[ast.AST]:
    """The function's syntax tree, and those of the helpers of its own module it calls (two levels down)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    trees: list[ast.AST] = [tree]
    module = inspect.getmodule(function)
    if depth and module is not None:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                helper = getattr(module, node.func.id, None)
                if inspect.isfunction(helper) and helper.__module__ == module.__name__ and helper is not function:
                    trees += _sources(helper, depth - 1)
    return trees


def exercises(function: Callable[..., Any], requirement: Requirement) -> bool:
    """Whether the test's source (with its module's helpers it calls) reverses or requests a claimed URL, or
    calls a claimed command or action."""
    module = inspect.getmodule(function)
    constants = {k: v for k, v in vars(module).items() if isinstance(v, str)} if module else {}
    strings: set[str] = set()
    called: set[str] = set()
    requested: set[str] = set()
    for tree in _sources(function):
        strings |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                target = node.func
                called.add(target.id if isinstance(target, ast.Name) else getattr(target, "attr", ""))
        for path in _literal_paths(tree, constants):
            requested |= _requests(path, requirement.views)
    if set(requirement.views) & (strings | requested):
        return True
    if set(requirement.commands) & strings and called & {"call_command", "main", "run"}:
        return True
    return bool({a.rpartition(".")[2] for a in requirement.actions} & called)


def _is_test(obj: Any) -> bool:
    return inspect.isfunction(obj) and obj.__name__.startswith("test_")


def claim_problems(requirement: Requirement) -> list[str]:
    """What in the claim does not resolve, each naming the claim and its section."""
    found = [f"{requirement}: {p}" for p in requirement.problems()]
    names, commands = url_names(), get_commands()
    found += [f"{requirement}: URL name {v!r} does not exist" for v in requirement.views if v not in names]
    found += [f"{requirement}: command {c!r} does not exist" for c in requirement.commands if c not in commands]
    for action in requirement.actions:
        try:
            if not inspect.isfunction(import_dotted(action)):
                found.append(f"{requirement}: action {action!r} is not a function")
        except (ImportError, AttributeError):
            found.append(f"{requirement}: action {action!r} does not exist")
    for name in requirement.topics:
        try:
            topic(name)
        except UnknownTopic:
            found.append(f"{requirement}: topic {name!r} is not registered")
    for test in requirement.tests:
        try:
            function = import_dotted(test)
        except (ImportError, AttributeError):
            found.append(f"{requirement}: test {test!r} does not exist")
            continue
        if not _is_test(function):
            found.append(f"{requirement}: {test!r} is not a test function")
        elif not exercises(function, requirement):
            found.append(
                f"{requirement}: test {test!r} neither reverses nor requests {', '.join(requirement.views) or '-'}, "
                f"nor calls {', '.join([*requirement.commands, *requirement.actions]) or '-'}"
            )
    return found


def all_problems(requirements: list[Requirement]) -> list[str]:
    return [p for r in requirements for p in claim_problems(r)]
