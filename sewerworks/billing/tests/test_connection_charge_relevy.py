"""§118-54: "connection charges, interest and penalties shall be a lien upon the real property ... and shall be
levied on the property if not paid at the time the bill for connection charges is offered" (I-117, I-123). On the
year end of ``relevy_scenario`` (statement of 2026-09-20, counter cut-off 2026-10-31, adopted 2026-11-10):

- account A's parcel was billed a $1,500.00 four-inch connection charge on 2026-06-01, due 2026-07-01, and paid
  $400.00 toward it by name on 2026-06-15: $1,100.00 on the statement; $100.00 more paid on 2026-10-10, before the
  cut-off: $1,000.00 relevied, and the counter is owed nothing of it after;
- account E's parcel was billed one on 2026-09-01, due 2026-10-01: not past its due date on the statement date;
- a parcel with no account yet was billed one on 2026-06-01: waiting for an account (I-91), not on the ledger.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement, do_remove_from_roll
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import ConnectionCharge, LedgerEntry, StatementLine
from sewerworks.billing.property.connection import bill_of, do_pay_connection_charge, post_connection_charge, unpaid
from sewerworks.billing.taxroll.statement import draft
from sewerworks.billing.taxroll.terms import terms_for
from sewerworks.billing.tests.relevy_scenario import ADOPTED_ON, STATED, STATEMENT_DATE, YearEnd, year_end
from sewerworks.core.models import BoardResolution, ParameterOverride
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date
FOUR_INCH = Decimal("1500.00")


def _charge(parcel: Any, account: Any, offered: dt.date, user: Any, key: str) -> ConnectionCharge:
    return post_connection_charge(parcel=parcel, diameter_in="4", offered_on=offered, source_key=key,
                                  acting_user=user, account=account)  # fmt: skip


def _pay(charge: ConnectionCharge, amount: str, on: dt.date, user: Any, receipt: str) -> None:
    do_pay_connection_charge(charge, amount=amount, method="cash", acting_user=user, receipt_number=receipt,
                             received_on=on)  # fmt: skip


@pytest.fixture
def scene(staff: Any) -> tuple[YearEnd, dict[str, ConnectionCharge]]:
    year = year_end(staff.clerk, staff.superintendent)
    a, e = year.accounts["A"], year.accounts["E"]
    vacant = f.parcel("108.9-1-1", street_number="90", street_name="Main St", dx=2_000)
    charges = {
        "A": _charge(a.parcel, a, D(2026, 6, 1), staff.clerk, "test:A"),
        "E": _charge(e.parcel, e, D(2026, 9, 1), staff.clerk, "test:E"),
        "vacant": _charge(vacant, None, D(2026, 6, 1), staff.clerk, "test:vacant"),
    }
    _pay(charges["A"], "400.00", D(2026, 6, 15), staff.clerk, "CC-A1")
    return year, charges


def test_an_unpaid_connection_charge_past_its_due_date_is_on_the_statement_with_the_sewer_rents(
    scene: Any, staff: Any
) -> None:
    year, charges = scene
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    line = StatementLine.objects.get(statement=statement, source=f"connection:{charges['A'].pk}")
    assert (line.bill_id, line.penalty_date, line.charge, line.penalty, line.interest, line.total) == (
        None, D(2026, 7, 1), Decimal("1100.00"), Decimal("0.00"), Decimal("0.00"), Decimal("1100.00"))  # fmt: skip
    assert (line.tax_map_number, line.owner_name, line.account_id) == ("108.1-1-1", "SMITH JOHN", year.accounts["A"].pk)
    # one line more than the four sewer bills, on the same four properties
    assert (statement.bills, statement.parcels) == (5, 4)
    assert statement.total == sum(STATED.values()) + Decimal("1100.00")
    assert not StatementLine.objects.filter(source__in=[f"connection:{charges[k].pk}" for k in ("E", "vacant")])


def test_the_draft_names_the_connection_charges_it_leaves_out_and_why(scene: Any) -> None:
    _, charges = scene
    preview = draft(terms_for(STATEMENT_DATE))
    reasons = [x.reason for x in preview.exclusions]
    assert f"connection charge {charges['E'].number} not past its due date, 2026-10-01 (I-123)" in reasons
    assert any(r.startswith(f"connection charge {charges['vacant'].number} waits for an account") for r in reasons)
    # the relevied kind is not also listed among the other programs' charges left out (I-117)
    assert not any("not on a bill: not relevied" in r for r in reasons)
    assert preview.total == sum(STATED.values()) + Decimal("1100.00")


def test_on_adoption_what_is_unpaid_at_the_cut_off_moves_to_the_roll_and_the_counter_is_owed_nothing(
    scene: Any, staff: Any
) -> None:
    year, charges = scene
    charge = charges["A"]
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    _pay(charge, "100.00", D(2026, 10, 10), staff.clerk, "CC-A2")  # after the statement, before the cut-off
    before = balance(account=year.accounts["A"])
    relevied = do_adopt_statement(statement, resolution=year.resolution, adopted_on=ADOPTED_ON,
                                  acting_user=staff.clerk)  # fmt: skip
    moved = LedgerEntry.objects.get(source_key=f"relevy:{statement.pk}:connection:{charge.pk}:charge")
    assert (moved.amount, moved.kind, moved.bill_id, moved.posted_on) == (
        Decimal("-1000.00"), "relevy_transfer", None, ADOPTED_ON)  # fmt: skip
    assert bill_of(charge).relevied == Decimal("1000.00") and unpaid(charge) == Decimal("0.00")
    assert balance(account=year.accounts["A"]) == before - Decimal("1000.00") - Decimal("43.03")
    assert relevied.relevied_total >= Decimal("1000.00")
    with pytest.raises(ValidationError) as refused:  # on the tax roll now: the counter takes nothing toward it
        _pay(charge, "10.00", D(2026, 11, 20), staff.clerk, "CC-A3")
    assert "more than the $0.00 left to pay" in str(refused.value)
    again = do_adopt_statement  # a second relevy of the same statement is refused; nothing moves twice
    with pytest.raises(ValidationError):
        again(relevied, resolution=year.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    assert LedgerEntry.objects.filter(source_key__contains=f":connection:{charge.pk}:").count() == 1


def test_a_parcel_taken_off_the_roll_owes_its_connection_charge_at_the_counter_again(scene: Any, staff: Any) -> None:
    year, charges = scene
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    relevied = do_adopt_statement(statement, resolution=year.resolution, adopted_on=ADOPTED_ON,
                                  acting_user=staff.clerk)  # fmt: skip
    assert unpaid(charges["A"]) == Decimal("0.00")
    removal = do_remove_from_roll(relevied, year.accounts["A"].parcel, reason="Paid the Town on 11-20",
                                  acting_user=staff.clerk, removed_on=D(2026, 11, 20))  # fmt: skip
    assert removal.amount == Decimal("1100.00") + STATED["A"]
    assert unpaid(charges["A"]) == Decimal("1100.00") and bill_of(charges["A"]).relevied == Decimal("0.00")


def test_a_board_that_relevies_no_connection_charges_leaves_them_at_the_counter_and_says_so(
    scene: Any, staff: Any
) -> None:
    _, charges = scene
    resolution = BoardResolution.objects.create(instrument="Res. 2026-40", adopted_on=D(2026, 3, 1),
                                                title="Relevy the rock and curb cut fees, not connection charges")
    ParameterOverride.objects.create(resolution=resolution, key="relevy.relevied_charge_kinds",
                                     effective=D(2026, 3, 1), value=["lateral_cut_fee"])  # fmt: skip
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    assert not StatementLine.objects.filter(statement=statement, source__startswith="connection:").exists()
    assert statement.total == sum(STATED.values())
    preview = draft(terms_for(STATEMENT_DATE))
    left_out = [x for x in preview.exclusions if "not on a bill: not relevied (I-117)" in x.reason]
    # left at the counter: A's charge less the $400.00 paid toward it by name, and E's
    assert {(x.parcel_id, x.amount) for x in left_out} == {(charges["A"].parcel_id, FOUR_INCH - Decimal("400.00")),
                                                           (charges["E"].parcel_id, FOUR_INCH)}  # fmt: skip


def test_the_clerk_files_and_adopts_through_the_screens_and_the_charge_shows_its_relevy(scene: Any, client: Any,
                                                                                         staff: Any) -> None:
    from django.urls import reverse

    year, charges = scene
    charge = charges["A"]
    client.force_login(staff.clerk)
    drafted = client.get(reverse("billing:relevy_draft"), {"on": "2026-09-20"})
    assert f"connection charge {charges['E'].number} not past its due date, 2026-10-01 (I-123)" in drafted.text
    filed = client.post(reverse("billing:relevy_draft"), {"on": "2026-09-20"})
    shown = client.get(filed.url).text
    assert f'href="{reverse("billing:connection_charge", args=[charge.pk])}">Connection charge (§118-54)' in shown
    adopted = client.post(filed.url.rstrip("/") + "/adopt/", {"resolution": year.resolution.pk,
                                                              "adopted_on": "2026-11-10"})  # fmt: skip
    assert adopted.status_code == 302
    page = client.get(reverse("billing:connection_charge", args=[charge.pk])).text
    assert "Relevied on the tax roll" in page and "$1,100.00: a lien levied on the property" in page
    assert "Take a payment" not in page


def test_the_command_line_prints_the_connection_charges_line(scene: Any, staff: Any) -> None:
    import io

    from django.core.management import call_command

    out = io.StringIO()
    call_command("relevy", "--as-user", staff.clerk.username, "statement", "2026-09-20", stdout=out)
    assert "108.1-1-1      SMITH JOHN               §118-54     charge $1,100.00 penalty $0.00 interest $0.00 = " \
        "$1,100.00" in out.getvalue()  # fmt: skip


def test_the_statement_names_a_connection_charge_by_its_number_in_the_csv_the_pdf_and_the_notice(
    scene: Any, staff: Any
) -> None:
    """Not by the internal key "connection:<id>": the Board and the owner know the bill as CC-<year>-<n>."""
    import csv
    import io

    from sewerworks.billing.taxroll.notices import notices
    from sewerworks.billing.taxroll.statement_docs import write_csv, write_pdf
    from sewerworks.billing.tests.test_bill_pdfs import text_of

    year, charges = scene
    number = charges["A"].number
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    out = io.BytesIO()
    write_csv(statement, out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue().decode("utf-8-sig"))))
    row = next(r for r in rows if r["penalty_date"] == "2026-07-01")
    assert (row["bill"], row["amount"]) == (number, "1100.00")
    assert not any(r["bill"].startswith("connection:") for r in rows)
    pdf = io.BytesIO()
    write_pdf(statement, pdf)
    text = " ".join(text_of(pdf.getvalue()))
    assert number in text and "connection:" not in text
    (notice,) = notices(statement, [year.accounts["A"].pk], 1)
    assert any(r[0] == f"{number} (§118-54)" and r[-1] == "$1,100.00" for r in notice.rows)


def test_the_boards_relevy_charge_is_reckoned_on_the_connection_charge_relevied_as_well(scene: Any, staff: Any) -> None:
    """I-119 with I-123: 2% and $5.00 a parcel, on what moved to the roll: A's $43.03 sewer bill and the $1,000.00
    of its connection charge unpaid at the cut-off: $5.00 + 2% of $1,043.03 ($20.8606) = $25.86."""
    from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution

    year, charges = scene
    terms = [ProposedValue("relevy.charge_percent", 2), ProposedValue("relevy.charge_flat", "5.00")]
    do_record_resolution(instrument="Resolution 2026-80", adopted_on=D(2026, 11, 1), effective_on=D(2026, 11, 1),
                         title="Relevy charge", acting_user=staff.clerk, values=terms)  # fmt: skip
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    _pay(charges["A"], "100.00", D(2026, 10, 10), staff.clerk, "CC-A2")
    do_adopt_statement(statement, resolution=year.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    parcel = year.accounts["A"].parcel
    charge = LedgerEntry.objects.get(source_key=f"relevy-charge:{statement.pk}:parcel:{parcel.pk}")
    assert (charge.kind, charge.amount) == ("relevy_charge", Decimal("25.86"))
    moved = LedgerEntry.objects.filter(parcel=parcel, kind="relevy_transfer")
    assert -sum((e.amount for e in moved), Decimal(0)) == Decimal("1068.89")  # $43.03 + $1,000.00 + $25.86
