"""§118-15 (I-01, I-88): the permit and inspection fee by class, in force from the 1994 amendment."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from sewerworks.ordinance.parameters import NotInForce, load_jurisdiction
from sewerworks.ordinance.s118_14_16_permits import OWNER_RESPONSIBILITY, NoSuchClass, fee_on, permit_fee


@pytest.mark.parametrize(("permit_class", "fee"), [("class_1", "100.00"), ("class_2", "250.00")])
def test_each_class_pays_its_own_fee(permit_class: str, fee: str) -> None:
    amount = permit_fee(permit_class, load_jurisdiction().at(date(2026, 5, 1)))
    assert amount.value == Decimal(fee) and amount.section == "118-15" and amount.key == "permit_fee"


def test_no_fee_is_in_force_before_the_1994_amendment_and_one_is_from_that_day() -> None:
    params = load_jurisdiction()
    with pytest.raises(NotInForce):
        permit_fee("class_1", params.at(date(1994, 8, 21)))
    assert permit_fee("class_1", params.at(date(1994, 8, 22))).value == Decimal("100.00")


def test_an_unknown_class_is_refused_naming_the_classes() -> None:
    with pytest.raises(NoSuchClass, match="class_1, class_2"):
        permit_fee("class_3", load_jurisdiction().at(date(2026, 5, 1)))


def test_the_fee_is_read_on_the_filing_date() -> None:
    view = load_jurisdiction().at(date(2026, 5, 1))
    with pytest.raises(ValueError, match="filing date"):
        fee_on("class_1", view, date(2026, 5, 2))
    assert fee_on("class_1", view, date(2026, 5, 1)).value == Decimal("100.00")


def test_the_owners_costs_and_indemnity_are_worded_as_section_118_16() -> None:
    assert "indemnify the town" in OWNER_RESPONSIBILITY and OWNER_RESPONSIBILITY.endswith("(§118-16)")
