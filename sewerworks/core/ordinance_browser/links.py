"""A requirement as the browser shows it: its screens (linked when they open without a record), commands,
actions, determination topics and tests, each with a short description read from the code itself."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.core.management import get_commands, load_command_class
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse

from sewerworks.core.ordinance_browser.requirements import Requirement
from sewerworks.ordinance.topics import UnknownTopic, topic


def _walk(resolver: URLResolver, prefix: str = "") -> Iterator[tuple[str, Callable[..., Any]]]:
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern, prefix + (f"{pattern.namespace}:" if pattern.namespace else ""))
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield prefix + pattern.name, pattern.callback


@cache
def url_views() -> dict[str, Callable[..., Any]]:
    """Every URL name of the site ("registry:meter_certify") and its view."""
    return dict(_walk(get_resolver()))


def _first_sentence(obj: Any) -> str:
    doc = inspect.getdoc(inspect.unwrap(obj)) or ""
    line = " ".join(doc.split("\n\n")[0].split())
    return line.split(". ")[0].rstrip(".") if line else ""


@dataclass(frozen=True)
class Link:
    """One thing that carries a requirement out: what it is, its name in the code, and where it opens."""

    kind: str  # "screen", "api", "command", "action", "topic" or "test"
    name: str
    description: str = ""
    href: str = ""


@cache
def screen(name: str) -> Link:
    if name.startswith("api:"):
        return Link("api", name, "", "")  # an operation of the REST API (its documents: /api/docs)
    view = url_views().get(name)
    try:
        href = reverse(name)
    except NoReverseMatch:
        href = ""  # it opens from a record (a meter, a permit): the description says which
    return Link("screen", name, _first_sentence(view) if view else "", href)


@cache
def command(name: str) -> Link:
    app = get_commands().get(name)
    help_text = getattr(load_command_class(app, name), "help", "") if app else ""
    return Link("command", f"sewerworks {name}", help_text.split(". ")[0].split(" (")[0].rstrip("."))


def action(path: str) -> Link:
    return Link("action", path.rpartition(".")[2])


def topic_link(name: str) -> Link:
    try:
        found = topic(name)
    except UnknownTopic:
        return Link("topic", name)
    return Link("topic", name, found.title, reverse("core:determination_topic", args=[name]))


def links(requirement: Requirement) -> list[Link]:
    """Screens and commands first (where a user carries it out), then actions, topics and tests."""
    return [
        *(screen(v) for v in requirement.views),
        *(command(c) for c in requirement.commands),
        *(action(a) for a in requirement.actions),
        *(topic_link(t) for t in requirement.topics),
        *(Link("test", t) for t in requirement.tests),
    ]
