"""The year end of unpaid sewer rents to the cent (§118-53): the Town Clerk's statement of 2026-09-20, the
Board's adoption on 2026-11-10 and the moves to the 2027 tax roll, the worked examples of
``relevy_scenario`` (a bill paid in part before the statement; one paid after it, before the cut-off; a
check returned after the penalty date; a parcel sold between the statement and the relevy)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement, do_remove_from_roll
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import bills_owed
from sewerworks.billing.ledger.tax_roll import on_roll
from sewerworks.billing.models import LedgerEntry, StatementLine, UnpaidStatement
from sewerworks.billing.taxroll.differences import relevy_differences
from sewerworks.billing.taxroll.statement import draft
from sewerworks.billing.taxroll.terms import terms_for
from sewerworks.billing.tests.relevy_scenario import (
    ADOPTED_ON,
    RELEVIED,
    STATED,
    STATEMENT_DATE,
    D,
    YearEnd,
    paid_after_the_statement,
    pay,
    year_end,
)
from sewerworks.core.models import AuditEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene(staff: Any) -> YearEnd:
    return year_end(staff.clerk, staff.superintendent)


def stated(statement: UnpaidStatement, key: str, scene: YearEnd) -> StatementLine:
    return StatementLine.objects.get(statement=statement, bill=scene.bills[key])


def test_the_statement_lists_each_unpaid_bill_past_its_penalty_date_to_the_cent(scene: YearEnd, staff: Any) -> None:
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    assert (statement.status, statement.roll_year) == ("filed", 2027)
    assert (statement.counter_cutoff, statement.certification_cutoff) == (D(2026, 10, 31), D(2026, 12, 15))
    a = stated(statement, "A", scene)  # paid $20.00 of $57.30 before the statement: its penalty stands (I-25)
    assert (a.charge, a.penalty, a.interest, a.total) == (Decimal("37.30"), Decimal("5.73"), 0, Decimal("43.03"))
    assert (a.tax_map_number, a.address, a.owner_name, a.area.code) == ("108.1-1-1", "10 Main St", "SMITH JOHN",
                                                                        "marlborough")  # fmt: skip
    assert a.penalty_date == D(2026, 5, 11)
    c = stated(statement, "C", scene)  # the returned check never paid (I-65): the penalty fell
    assert (c.charge, c.penalty, c.total) == (Decimal("80.00"), Decimal("8.00"), Decimal("88.00"))
    d = stated(statement, "D", scene)  # sold on 2026-10-01: the owner of record on 2026-09-20
    assert d.owner_name == "HUDSON ANNA"
    assert {k: stated(statement, k, scene).total for k in STATED} == STATED
    assert not StatementLine.objects.filter(statement=statement, bill=scene.bills["E"]).exists()
    assert (statement.bills, statement.parcels, statement.total) == (4, 4, Decimal("243.12"))
    assert statement.pdf.name.endswith(".pdf") and statement.csv.name.endswith(".csv")
    event = AuditEvent.objects.get(action="do_file_statement")
    # the filing brought the penalties up to its day: C's, whose check came back after the sweep had passed it
    assert event.detail["penalties_added"] == 1 and event.rows == 4


def test_the_draft_names_every_exclusion_and_its_reason(scene: YearEnd, staff: Any) -> None:
    preview = draft(terms_for(STATEMENT_DATE))
    assert preview.total == Decimal("243.12") and preview.bills == 4 and preview.parcels == 4
    reasons = {(x.bill_id, x.reason) for x in preview.exclusions}
    assert (scene.bills["E"].pk, "not past its penalty date, 2026-10-01 (I-25)") in reasons
    assert preview.notes == [
        "§118-54 connection charges: none (no program posts that kind yet).",
        "1 late penalty (I-25) the daily sweep has not added yet will be added first when the statement is filed; "
        "they are counted here.",
    ]
    assert not UnpaidStatement.objects.exists(), "a draft writes nothing"


def test_the_adoption_moves_what_is_unpaid_at_the_cutoff_to_the_roll_and_the_balance_stays(
    scene: YearEnd, staff: Any
) -> None:
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    paid_after_the_statement(scene, staff.clerk)
    before = {k: balance(account=a) for k, a in scene.accounts.items()}
    adopted = do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON,
                                 acting_user=staff.clerk)  # fmt: skip
    assert adopted.status == "relevied" and adopted.relevied_total == Decimal("213.12")
    for key, amount in RELEVIED.items():
        moves = LedgerEntry.objects.filter(bill=scene.bills[key], kind="relevy_transfer")
        assert -sum((e.amount for e in moves), Decimal(0)) == amount, key
        assert all(e.posted_on == ADOPTED_ON and e.source_key.startswith(f"relevy:{statement.pk}:") for e in moves)
        assert balance(account=scene.accounts[key]) == before[key] - amount  # moved, not gone: the entries say so
        (owed,) = bills_owed(scene.accounts[key], on=D(2026, 12, 1))
        assert owed.balance == 0 and owed.relevied == amount
    assert on_roll([scene.bills["A"].pk])[scene.bills["A"].pk].label == "relevied to the 2027 tax roll"
    changes = {c.bill_id: (c.before, c.after) for c in relevy_differences(adopted)}
    assert changes == {scene.bills["B"].pk: (Decimal("46.09"), Decimal("16.09"))}


def test_a_counter_payment_for_a_relevied_bill_is_refused_with_where_to_pay(scene: YearEnd, staff: Any) -> None:
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="counter took payments toward it through 2026-10-31"):
        pay(scene.accounts["A"], staff.clerk, "43.03", D(2026, 11, 2), "LATE-1")  # after the cut-off
    do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="relevied to the 2027 tax roll on 2026-11-10: it is paid with the "
                                              "Town and County taxes, to the Receiver of Taxes"):  # fmt: skip
        pay(scene.accounts["A"], staff.clerk, "43.03", D(2026, 11, 12), "LATE-2")
    assert not LedgerEntry.objects.filter(source_key__startswith="payment:LATE-").exists()


def test_a_removal_before_certification_puts_the_amount_back_on_the_account_by_counter_entries(
    scene: YearEnd, staff: Any
) -> None:
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    parcel = scene.accounts["C"].parcel
    entries = LedgerEntry.objects.count()
    removal = do_remove_from_roll(statement, parcel, reason="Paid the Town directly on 2026-11-20",
                                  removed_on=D(2026, 11, 20), acting_user=staff.clerk)  # fmt: skip
    assert removal.amount == Decimal("88.00")
    assert LedgerEntry.objects.count() == entries + 2  # a counter-entry for each transfer, nothing deleted
    assert balance(account=scene.accounts["C"]) == Decimal("88.00")
    statement.refresh_from_db()
    assert statement.relevied_total == Decimal("155.12")
    pay(scene.accounts["C"], staff.clerk, "88.00", D(2026, 11, 21), "AFTER-REMOVAL")  # the counter takes it again
    assert balance(account=scene.accounts["C"]) == 0
    with pytest.raises(ValidationError, match="already removed"):
        do_remove_from_roll(statement, parcel, reason="again", removed_on=D(2026, 11, 22), acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="certified after 2026-12-15"):
        do_remove_from_roll(statement, scene.accounts["A"].parcel, reason="late", removed_on=D(2026, 12, 16),
                            acting_user=staff.clerk)  # fmt: skip


def test_refusals_name_the_rule(scene: YearEnd, staff: Any) -> None:
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="never dated before the last one filed"):
        do_file_statement(D(2026, 9, 19), acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="through 2026-10-31: the relevy is recorded after that day"):
        do_adopt_statement(statement, resolution=scene.resolution, adopted_on=D(2026, 10, 31), acting_user=staff.clerk)
    later = do_file_statement(D(2026, 9, 25), acting_user=staff.clerk)
    statement.refresh_from_db()
    assert statement.status == "superseded" and later.supersedes == statement
    with pytest.raises(ValidationError, match="superseded by that of 2026-09-25"):
        do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    do_adopt_statement(later, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="each amount moves once"):
        do_adopt_statement(later, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="the next one is for the 2028 roll"):
        do_file_statement(D(2026, 9, 30), acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="after today"):
        do_file_statement(dt.date.today() + dt.timedelta(days=1), acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_file_statement(D(2026, 9, 30), acting_user=staff.superintendent)


def test_the_penalty_sweep_leaves_a_relevied_bill_alone(scene: YearEnd, staff: Any) -> None:
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    from sewerworks.billing.penalties.sweep import apply_late_penalties

    penalties = LedgerEntry.objects.filter(kind="penalty").count()
    apply_late_penalties(D(2026, 12, 1), run="later-sweep", now=dt.datetime(2026, 12, 1, tzinfo=dt.UTC))
    assert LedgerEntry.objects.filter(kind="penalty").count() == penalties + 1  # E's, not a relevied one's
    assert LedgerEntry.objects.filter(kind="penalty", bill=scene.bills["E"]).exists()
