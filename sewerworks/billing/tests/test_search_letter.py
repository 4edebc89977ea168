"""The Town Clerk's search letter (I-124): what the records show owed on a parcel as of a day, numbered, dated,
kept as the PDF handed over, with no projection of what is not yet imposed."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from pypdf import PdfReader

from sewerworks.billing.models import CapitalCharge, CapitalChargeRun, LedgerEntry, SearchLetter
from sewerworks.billing.property.connection import do_pay_connection_charge, do_post_connection_charge
from sewerworks.billing.property.letter import do_write_search_letter, search
from sewerworks.core.charges import add_pending_charge
from sewerworks.enforcement.models import Violation
from sewerworks.registry.models import AssessedValue, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def parcel(area: Any) -> Any:
    p = f.parcel("108.7-1-1", improvement_area=area, street_number="44", street_name="King St")
    f.owned(p, "ROE JANE")
    SewerAccount.objects.create(account_number="MAR-000701", parcel=p)
    return p


def _text(letter: SearchLetter) -> str:
    with letter.file.open("rb") as pdf:
        return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.read())).pages)


def test_a_letter_states_the_connection_charge_left_the_pending_charges_and_the_open_violation(
    parcel: Any, staff: Any, settings: Any, tmp_path: Any
) -> None:
    settings.MEDIA_ROOT = tmp_path
    charge = do_post_connection_charge(
        parcel=parcel, diameter_in="4", offered_on=D(2026, 11, 2), acting_user=staff.clerk
    )
    do_pay_connection_charge(
        charge, amount="400.00", method="cash", acting_user=staff.clerk, received_on=D(2026, 11, 3)
    )
    add_pending_charge(
        source_key="enforcement.violator_charge:9",
        parcel=parcel,
        amount=Decimal("85.00"),
        section="118-47",
        description="Cost of the dye test",
        program="enforcement",
        kind="violator_charge",
        incurred_on=D(2026, 11, 10),
        acting_user=staff.clerk,
    )
    Violation.objects.create(
        parcel=parcel,
        section="118-28",
        discovered_on=D(2026, 11, 12),
        how_discovered="inspection",
        description="Sump pump discharging to the sanitary sewer",
        created_by=staff.clerk,
    )
    letter = do_write_search_letter(
        parcel, as_of=D(2026, 12, 1), requested_by="Hudson & Vale LLP", acting_user=staff.clerk
    )
    assert (letter.number, letter.owed) == ("SL-2026-0001", Decimal("1185.00"))  # 1,100 left + 85 not billed
    text = _text(letter)
    for words in (
        "SL-2026-0001",
        "108.7-1-1",
        "ROE JANE",
        "Hudson & Vale LLP",
        "CC-2026-0001",
        "$1,100.00",
        "Cost of the dye test",
        "§ 118-28",
        "Sump pump",
        "$1,185.00",
    ):
        assert words in text, words


def test_the_letter_is_as_of_its_date_payments_after_it_do_not_count(parcel: Any, staff: Any) -> None:
    charge = do_post_connection_charge(
        parcel=parcel, diameter_in="4", offered_on=D(2026, 11, 2), acting_user=staff.clerk
    )
    do_pay_connection_charge(
        charge, amount="1500.00", method="cash", acting_user=staff.clerk, received_on=D(2026, 11, 20)
    )
    assert search(parcel, as_of=D(2026, 11, 19)).owed == Decimal("1500.00")
    assert search(parcel, as_of=D(2026, 11, 20)).owed == Decimal("0.00")


def test_the_capital_charge_of_the_tax_year_is_shown_for_information_not_added(
    parcel: Any, staff: Any, area: Any
) -> None:
    run = CapitalChargeRun.objects.create(
        tax_year=2026,
        roll_year=2025,
        run="r1",
        started_by=staff.clerk,
        started_at=dt.datetime(2025, 12, 1, tzinfo=dt.UTC),
    )
    CapitalCharge.objects.create(
        tax_year=2026,
        parcel=parcel,
        area=area,
        roll_year=2025,
        taxable_value=Decimal("245000.00"),
        rate=Decimal("2.345"),
        amount=Decimal("574.53"),
        run=run,
    )
    found = search(parcel, as_of=D(2026, 12, 1))
    assert [c.amount for c in found.capital] == [Decimal("574.53")] and found.owed == Decimal("0.00")


def test_a_letter_dated_after_today_or_for_no_one_is_refused_and_nothing_kept(parcel: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="not a projection"):
        do_write_search_letter(parcel, as_of=D(2999, 1, 1), requested_by="X", acting_user=staff.clerk)
    with pytest.raises(ValidationError):
        do_write_search_letter(parcel, as_of=D(2026, 12, 1), requested_by=" ", acting_user=staff.clerk)
    assert not SearchLetter.objects.exists()


def test_letters_are_numbered_in_turn_and_an_inspector_may_not_write_one(parcel: Any, staff: Any) -> None:
    first = do_write_search_letter(parcel, as_of=D(2026, 12, 1), requested_by="A", acting_user=staff.clerk)
    second = do_write_search_letter(parcel, as_of=D(2026, 12, 1), requested_by="B", acting_user=staff.superintendent)
    assert (first.number, second.number) == ("SL-2026-0001", "SL-2026-0002")
    with pytest.raises(PermissionDenied):
        do_write_search_letter(parcel, as_of=D(2026, 12, 1), requested_by="C", acting_user=staff.inspector)
    assert not LedgerEntry.objects.exists()
    assert AssessedValue.objects.filter(parcel=parcel).exists()
