"""Statuses move only along their declared pipelines, and every move is history (core.records.pipelines).

A save that changes a violation's, a deadline's or a connection's status outside its transitions is
refused naming the allowed moves; and no code changes a tracked record with ``QuerySet.update()``, which
would skip both the check and the history row.
"""

from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError

from sewerworks.core.records.pipelines import InvalidTransition, Pipeline, TracksPipeline, move
from sewerworks.registry.choices import ConnectionStatus
from sewerworks.registry.models import Connection
from sewerworks.registry.tests import factories as f

ROOT = Path(__file__).resolve().parents[3]
D = dt.date
LIGHT = Pipeline(
    "a light",
    {"red": "Red", "green": "Green", "amber": "Amber"},
    {"red": {"green": "go"}, "green": {"amber": "slow"}, "amber": {"red": "stop"}},
)


def test_a_move_the_pipeline_does_not_declare_is_refused_naming_the_allowed_ones() -> None:
    assert LIGHT.check("red", "green") == "go"
    with pytest.raises(InvalidTransition, match=r"A light that is red cannot become amber; allowed: Green\."):
        LIGHT.check("red", "amber")
    with pytest.raises(ValueError, match="no status"):
        Pipeline("a door", {"open": "Open"}, {"open": {"shut": "close it"}})


@pytest.mark.django_db
def test_a_connection_saved_outside_its_pipeline_is_refused_and_a_move_is_history(make_user: Any) -> None:
    clerk = make_user("clerk")
    building = f.building(f.parcel(), connected_on=None)
    connection = Connection.objects.get(building=building)
    connection.connected_on = D(2026, 3, 2)
    move(connection, ConnectionStatus.CONNECTED, why="Inspection passed", acting_user=clerk, also=("connected_on",))
    latest = connection.history.first()
    assert (latest.status, latest.history_user, latest.history_change_reason) == (
        "connected",
        clerk,
        "Inspection passed",
    )
    stray = Connection.objects.get(pk=connection.pk)
    stray.status = ConnectionStatus.UNSEWERED
    with pytest.raises(ValidationError, match=r"A connection that is connected cannot become unsewered; allowed: none"):
        stray.save()
    assert Connection.objects.get(pk=connection.pk).status == ConnectionStatus.CONNECTED


@pytest.mark.django_db
def test_a_deadline_met_cannot_be_reopened_by_a_save(septic_house: Any, staff: Any) -> None:
    from sewerworks.enforcement.actions import do_record_connection
    from sewerworks.enforcement.models import Deadline

    do_record_connection(building=septic_house, connected_on=D(2026, 3, 2), acting_user=staff.superintendent)
    deadline = Deadline.objects.get(kind="abandon")  # beside it, the Town's duty to bill the unpriced tap (§118-54)
    deadline.status = "met"
    deadline.met_on = D(2026, 4, 1)
    deadline.save()  # open → met is declared (a plain save may make it; its history row is written)
    reopened = Deadline.objects.get(pk=deadline.pk)
    reopened.status = "open"
    with pytest.raises(ValidationError, match="A deadline that is met cannot become open; allowed: none"):
        reopened.save()


def _tracked_models() -> set[str]:
    names = set()
    for model in apps.get_models():
        if issubclass(model, TracksPipeline) or hasattr(model, "history"):
            names.add(model.__name__)
    return names


def _root_name(node: ast.AST) -> str | None:
    while isinstance(node, ast.Call | ast.Attribute):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


@pytest.mark.django_db
def test_no_code_updates_a_record_that_keeps_history_with_queryset_update() -> None:
    tracked = _tracked_models()
    found = []
    for path in sorted((ROOT / "sewerworks").rglob("*.py")):
        if "migrations" in path.parts or "tests" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "update":
                root = _root_name(node.func.value)
                chain = ast.unparse(node.func.value)
                if root in tracked and ".objects" in chain:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {chain}.update(...)")
    assert found == [], "a record with history changed without its history row"


def test_the_scan_sees_an_update_when_there_is_one() -> None:
    tree = ast.parse("FollowUp.objects.filter(done_on__isnull=True).update(done_on=on)")
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "update")
    assert _root_name(call.func.value) == "FollowUp"  # type: ignore[attr-defined]
