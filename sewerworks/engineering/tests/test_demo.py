"""The demo's extensions: Milton Turnpike under review with its findings, Church Street reviewed clean."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.engineering.demo import build
from sewerworks.engineering.models import ExtensionProject
from sewerworks.registry.demo.names import DEMO_TODAY

pytestmark = pytest.mark.django_db


def test_the_demo_has_one_extension_under_review_and_one_reviewed_clean(db: Any) -> None:
    said: list[str] = []
    build(write=said.append)
    turnpike = ExtensionProject.objects.get(name="Milton Turnpike extension")
    first = turnpike.latest_revision()
    assert first is not None and first.outcome == "fails"
    assert set(first.findings.filter(severity="fails").values_list("place", "requirement")) == {
        ("P-1", "manhole-spacing"), ("P-2", "manhole-at-alignment-change"), ("P-3", "minimum-slope"),
        ("P-4", "concrete-encasement")}  # fmt: skip
    assert turnpike.missing_approvals() == ["town_engineer", "town_board"]
    church = ExtensionProject.objects.get(name="Church Street extension")
    clean = church.latest_revision()
    assert clean is not None and (clean.number, clean.outcome, clean.failing) == (2, "complies", 0)
    assert church.status == "approved"
    days = [r.reviewed_on for p in (turnpike, church) for r in p.revisions.all()]
    days += [a.approved_on for p in (turnpike, church) for a in p.approvals.all()]
    assert max(days) <= DEMO_TODAY
    assert said == ["Engineering: Milton Turnpike extension under review (4 failing findings); Church Street "
                    "extension revision 2 reviewed clean and approved."]  # fmt: skip
