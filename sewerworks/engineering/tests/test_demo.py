"""The demo's extensions: Milton Turnpike under review with its findings, Church Street reviewed clean; with the
registry's district, Hudson Ridge under construction (a lifted stop-work order, a retest) and a town extension
petitioned by its owners."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.engineering.demo import build
from sewerworks.engineering.models import ExfiltrationTest, ExtensionProject
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
                    "extension revision 2 reviewed clean and approved."]  # fmt: skip  # no district: no construction


def test_with_the_district_a_build_with_a_lifted_stop_work_a_retest_and_a_short_petition(db: Any) -> None:
    from sewerworks.engineering.petition import count
    from sewerworks.registry import demo as registry_demo

    said: list[str] = []
    registry_demo.build(seed=118, parcels=300, write=said.append)
    build(write=said.append)
    ridge = ExtensionProject.objects.get(name="Hudson Ridge extension")
    assert ridge.status == "under_construction" and ridge.parcel is not None
    [order] = ridge.stop_work.all()
    assert (order.issued_on, order.lifted_on) == (dt.date(2026, 10, 9), dt.date(2026, 10, 15))
    assert not ridge.daily_reports.filter(report_date__gt=order.issued_on, report_date__lt=order.lifted_on,
                                          station_from_ft__isnull=False).exists()  # fmt: skip
    results = {(s.run, s.number): s.result() for s in ridge.sections.all()}
    assert results[("R-2", 1)] == "passed" and ridge.sections.get(run="R-2", number=1).tests.count() == 2
    assert list(results.values()).count("untested") == 2
    retest = ridge.sections.get(run="R-2", number=1).latest_test()
    assert retest.inspection is not None and retest.inspection.requested_on == dt.date(2026, 11, 21)
    noticed = ridge.sections.get(run="R-3", number=1)
    assert noticed.result() == "untested" and ExfiltrationTest.objects.filter(section=noticed).count() == 0
    months = list(ridge.inspection_months.order_by("month"))
    assert [m.amount for m in months] == [Decimal("6365.00"), Decimal("2137.50")]
    assert months[0].charge.billed_on is not None and months[1].charge.billed_on is None
    town = ExtensionProject.objects.get(builder="town", warrant_resolution__isnull=False)
    tally = count(town, DEMO_TODAY)
    assert tally.signed >= 2 and len(tally.unmatched) == 1
    assert any(len(o.owner_ids) == 2 and o.signed for o in tally.owners)  # co-owners, signed by one of them
    dated = [r.report_date for r in ridge.daily_reports.all()] + [t.tested_on for s in ridge.sections.all()
                                                                   for t in s.tests.all()]  # fmt: skip
    assert max(dated) <= DEMO_TODAY
    assert max(r.recorded_at.date() for r in ridge.daily_reports.all()) <= DEMO_TODAY
    assert "Hudson Ridge extension under construction" in said[-1]
