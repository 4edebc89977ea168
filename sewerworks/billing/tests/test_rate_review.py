"""The Town Board's review of the user charges (§118-50, I-129): a posted period re-rated by the bill run's own
arithmetic (at its own rates, every posted bill to the cent), candidates compared per area and class against the
area's cost, nothing written until the Board's resolution is recorded, which then takes effect on its date; and
the annual reminder."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.apps import apps
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from sewerworks.billing.actions import (
    do_add_candidate,
    do_decide_review,
    do_enter_budget,
    do_open_review,
    do_post_period,
    do_review_period,
)
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, RateReview
from sewerworks.billing.review.rate_review import Candidate, review_figures
from sewerworks.billing.review.reminder import deadline_of
from sewerworks.billing.review.rerate import Proposal, rerate
from sewerworks.billing.tests.test_plain import accounts
from sewerworks.core.models import BoardResolution
from sewerworks.core.parameters import current_parameters
from sewerworks.core.resolutions.actions import do_record_resolution
from sewerworks.enforcement.actions import do_sweep

pytestmark = pytest.mark.django_db
D = dt.date
IN_FORCE = Proposal(Decimal("0.003"), Decimal("10.00"), 5_000, {})


@pytest.fixture
def posted(make_account: Any, autumn: Any, staff: Any) -> Any:
    """The autumn 2026 period billed and posted: plain bills, cubic feet, rollovers, estimates, defective meters,
    wash meters, contract users, strength records on each side of normal (``test_plain``'s accounts)."""
    made = accounts(make_account, autumn, staff)
    eight = make_account(meters=[(1_000, 9_000)])  # 8,000 gallons
    run_drafts(autumn, acting_user=staff.clerk, chunk_size=7)
    do_review_period(autumn, acting_user=staff.superintendent, why="test")
    do_post_period(autumn, acting_user=staff.superintendent)
    autumn.refresh_from_db()
    autumn.eight = eight
    autumn.made = made
    return autumn


def test_a_posted_period_rerated_at_its_own_rates_matches_every_posted_bill_to_the_cent(posted: Any) -> None:
    bills = dict(Bill.objects.filter(period=posted, status="posted").values_list("pk", "total"))
    assert len(bills) > 40
    rows = rerate(posted, [IN_FORCE, IN_FORCE])
    assert {r.bill_id for r in rows} == set(bills)
    for r in rows:
        assert r.cents == (int(bills[r.bill_id] * 100),) * 2, r
    assert {r.basis for r in rows} >= {"reads", "estimate", "defective"}


def test_a_candidate_rates_every_bill_as_the_ordinance_would(posted: Any) -> None:
    higher = Proposal(Decimal("0.004"), Decimal("20.00"), 5_000, {"bod": Decimal("0.60")})
    rows = {r.account_id: r for r in rerate(posted, [higher])}
    assert rows[posted.eight.pk].cents == (3200,)  # $20.00 for the first 5,000 gal (not less), 3,000 × $0.004
    strong = rows[posted.made[-14].pk]  # test_plain's 900,000 gal at BOD 480 mg/L (before its 13 strength accounts)
    # I-24: $20.00 + 895,000 × $0.004 = $3,600.00; I-03: 900,000 × 8.34e-6 × 180 = 1,351.08 lb × $0.60 = $810.65
    assert strong.cents == (360_000 + 81_065,)


def test_nothing_is_written_while_the_review_is_computed(posted: Any) -> None:
    def counts() -> dict[str, int]:
        return {m._meta.label: m.objects.count() for m in apps.get_models()}

    before, totals = counts(), list(Bill.objects.order_by("pk").values_list("pk", "total", "status"))
    rates = ("0.003", "0.0035", "0.004")
    candidates = [Candidate(f"rate {r}", Proposal(Decimal(r), Decimal("10.00"), 5_000)) for r in rates]
    figures = review_figures(posted, candidates, 2026)
    assert figures.areas and counts() == before
    assert list(Bill.objects.order_by("pk").values_list("pk", "total", "status")) == totals


def test_the_review_sets_each_areas_revenue_against_its_cost(posted: Any, staff: Any, area: Any) -> None:
    budget_res = do_record_resolution(
        instrument="Res. 2025-120",
        adopted_on=D(2025, 11, 18),
        effective_on=D(2026, 1, 1),
        title="Budget 2026",
        values=[],
        acting_user=staff.clerk,
    )
    do_enter_budget(area=area, fiscal_year=2026, amount="1000.00", resolution=budget_res, acting_user=staff.clerk)
    figures = review_figures(
        posted,
        [Candidate("in force", IN_FORCE), Candidate("double", Proposal(Decimal("0.006"), Decimal("20.00"), 5_000))],
        2026,
    )
    marl = next(a for a in figures.areas if a.fund.id == area.pk)
    assert figures.periods_a_year == 2
    assert marl.total.proposed[0] == marl.total.billed  # at its own rates, what was billed
    assert marl.annual_proposed[0] == marl.total.billed * 2
    assert sum(c.billed for c in marl.classes.values()) == marl.total.billed
    assert marl.cost == Decimal("1000.00")
    first, second = marl.decisions
    assert first is not None and second is not None
    assert first.outcome in ("revenue-covers-cost", "revenue-short-of-cost")
    assert first.amount_for("difference").value == marl.annual_proposed[0] - Decimal("1000.00")
    minimum = marl.typical[0]
    assert (minimum.label, minimum.billed, minimum.proposed) == (
        "Minimum bill",
        Decimal("10.00"),
        (Decimal("10.00"), Decimal("20.00")),
    )
    assert [t.label for t in marl.typical][1] == "Median household"
    assert any(t.label.startswith("Large user") for t in marl.typical)
    none = next(a for a in figures.areas if a.fund.id is None)  # contract users without an agreement
    assert none.cost is None and none.decisions == [None, None]


def test_a_review_for_a_period_not_posted_is_refused(staff: Any, autumn: Any) -> None:
    with pytest.raises(ValidationError) as raised:
        do_open_review(fiscal_year=2026, period=autumn, acting_user=staff.clerk)
    assert "posted period" in raised.value.message_dict["period"][0]
    assert not RateReview.objects.exists()


def test_candidates_are_never_negative_and_the_board_member_only_reads(posted: Any, staff: Any) -> None:
    review = do_open_review(fiscal_year=2026, period=posted, acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_open_review(fiscal_year=2026, period=posted, acting_user=staff.board)
    bad = [
        ({"rate_per_gallon": "-0.001"}, "rate_per_gallon"),
        ({"minimum_charge": "-1"}, "minimum_charge"),
        ({"minimum_gallons": "0"}, "minimum_gallons"),
        ({"strength_rates": {"bod": "-0.30"}}, "strength_rates"),
        ({"strength_rates": {"mercury": "1"}}, "strength_rates"),
        ({"label": ""}, "label"),
    ]
    for change, field in bad:
        args = {"label": "A", "rate_per_gallon": "0.004", "minimum_charge": "12.00", "minimum_gallons": 5000}
        with pytest.raises(ValidationError) as raised:
            do_add_candidate(review, acting_user=staff.clerk, **{**args, **change})
        assert field in raised.value.message_dict, change
    do_add_candidate(
        review,
        label="A",
        rate_per_gallon="0.004",
        minimum_charge="12.00",
        minimum_gallons=5000,
        acting_user=staff.superintendent,
    )
    with pytest.raises(ValidationError, match="already has a candidate"):
        do_add_candidate(
            review,
            label="A",
            rate_per_gallon="0.005",
            minimum_charge="12.00",
            minimum_gallons=5000,
            acting_user=staff.clerk,
        )


def test_the_boards_resolution_adopts_a_candidate_from_its_effective_date_and_meets_the_reminder(
    posted: Any, staff: Any
) -> None:
    review = do_open_review(fiscal_year=2026, period=posted, acting_user=staff.clerk)
    deadline = deadline_of(review)
    assert deadline is not None and deadline.due_on == D(2026, 12, 15) and deadline.kind == "review"
    candidate = do_add_candidate(
        review,
        label="Rate $0.004",
        rate_per_gallon="0.004",
        minimum_charge="12.00",
        minimum_gallons=5000,
        acting_user=staff.clerk,
    )
    before = BoardResolution.objects.count()
    assert current_parameters().at(D(2027, 1, 1)).number("charges.rate_per_gallon") == Decimal("0.003")
    with pytest.raises(PermissionDenied):
        do_decide_review(
            review,
            instrument="Res. 2026-150",
            adopted_on=timezone.localdate(),
            effective_on=D(2027, 1, 1),
            title="Sewer rents 2027",
            adopt=candidate,
            acting_user=staff.board,
        )
    assert BoardResolution.objects.count() == before  # nothing written until the Board's resolution is recorded
    decided = do_decide_review(
        review,
        instrument="Res. 2026-150",
        adopted_on=timezone.localdate(),
        effective_on=D(2027, 1, 1),
        title="Sewer rents 2027",
        adopt=candidate,
        acting_user=staff.clerk,
    )
    assert decided.status == "adopted" and decided.decision.instrument == "Res. 2026-150"
    view_before, view_after = current_parameters().at(D(2026, 12, 31)), current_parameters().at(D(2027, 1, 1))
    assert view_before.number("charges.rate_per_gallon") == Decimal("0.003")
    assert view_after.number("charges.rate_per_gallon") == Decimal("0.004")
    assert view_after.number("charges.minimum_charge") == Decimal("12.00")
    assert {v.key for v in decided.decision.values.all()} == {"charges.rate_per_gallon", "charges.minimum_charge"}
    deadline.refresh_from_db()
    assert deadline.status == "met"
    with pytest.raises(ValidationError, match="only a draft"):
        do_decide_review(
            review,
            instrument="Res. 2026-151",
            adopted_on=timezone.localdate(),
            effective_on=D(2027, 1, 1),
            title="Again",
            acting_user=staff.clerk,
        )


def test_the_daily_sweep_opens_the_years_reminder_once_the_town_bills(posted: Any, staff: Any) -> None:
    do_sweep(timezone.localdate())
    review = RateReview.objects.get(fiscal_year=timezone.localdate().year)
    assert deadline_of(review) is not None and review.status == "due"
    do_sweep(timezone.localdate())
    assert RateReview.objects.count() == 1
