"""What the owner's page says of the year end (§118-53, I-120, I-164), read from the relevy's own records: a bill on
the Town Clerk's filed statement, then relevied to the 2027 tax roll on the Board's adoption, then a parcel taken
off the roll; the worked examples of ``billing/tests/relevy_scenario`` (statement of 2026-09-20, adopted 2026-11-10)."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement, do_remove_from_roll
from sewerworks.billing.tests.relevy_scenario import ADOPTED_ON, STATEMENT_DATE, D, year_end
from sewerworks.public.owner_page import relevy_status

pytestmark = pytest.mark.django_db


def test_a_bill_on_the_statement_then_on_the_roll_then_taken_off_it(staff: Any) -> None:
    scene = year_end(staff.clerk, staff.superintendent)
    a, c, e = (scene.accounts[k].parcel for k in "ACE")
    bill_a = scene.bills["A"].pk
    assert relevy_status(a, None) == []  # nothing filed yet
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    (said,) = relevy_status(a, None)
    assert said.startswith(f"$43.03 (bill {bill_a}) is on the Town Clerk's statement of ")
    assert "for relevy to the 2027 tax roll" in said and "or with your town and county taxes after" in said
    assert relevy_status(e, None) == []  # not past its penalty date on the statement date: left out

    do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    assert relevy_status(a, None) == [
        f"$43.03 of unpaid sewer rents (bill {bill_a}) relevied to the 2027 tax roll: pay it with your town and "
        "county taxes (§118-53)."
    ]
    assert relevy_status(a, D(2026, 11, 10)) != []  # relevied on the day the ownership began: shown
    assert relevy_status(a, D(2026, 11, 11)) == []  # relevied before the ownership began (I-164): not this owner's

    do_remove_from_roll(statement, c, reason="Paid the Town directly", removed_on=D(2026, 11, 20),
                        acting_user=staff.clerk)  # fmt: skip
    (said,) = relevy_status(c, None)
    assert said.startswith("Taken off the 2027 tax roll on ") and "(Paid the Town directly)" in said
    assert said.endswith("$88.00 is owed to the Sewer Department again.")


def test_a_connection_charge_on_the_statement_then_relevied_is_named_as_such_not_as_a_relevy_charge(
    staff: Any,
) -> None:
    from sewerworks.billing.property.connection import post_connection_charge

    scene = year_end(staff.clerk, staff.superintendent)
    account = scene.accounts["A"]
    post_connection_charge(parcel=account.parcel, diameter_in="4", offered_on=D(2026, 6, 1), source_key="test:A",
                           acting_user=staff.clerk, account=account)  # fmt: skip
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    said = relevy_status(account.parcel, None)
    assert any(s.startswith("$1,500.00 (the §118-54 connection charge) is on the Town Clerk's statement") for s in said)
    do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    said = relevy_status(account.parcel, None)
    assert ("$1,500.00 of the §118-54 connection charge relevied to the 2027 tax roll: pay it with your town and "
            "county taxes (§118-54).") in said  # fmt: skip
    assert not any(s.startswith("A relevy charge") for s in said)  # the Board set none: it is no relevy charge
