"""The capital cost amortization charge of a tax year (§118-49, 51, 52; I-28, I-10, I-122): every parcel inside
the improvement boundaries and every contract user charged once, to the cent, by one set-based run that agrees
with the ordinance's per-parcel topic; what it cannot charge is named, never guessed; a second run writes
nothing new."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from hypothesis import given
from hypothesis import strategies as st

from sewerworks.billing.capital.run import capital_year, do_exclude_capital_issue, do_run_capital_charge, open_issues
from sewerworks.billing.capital.sql import charge_cents
from sewerworks.billing.models import CapitalCharge, CapitalChargeIssue
from sewerworks.core.models import AuditEvent, BoardResolution
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution
from sewerworks.ordinance.s118_52_capital_charge import charge_of
from sewerworks.ordinance.topics import determine
from sewerworks.registry.models import AssessedValue, Lateral, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def town(db: Any) -> Any:
    class Town:
        marlborough = f.area()
        milton = f.area("milton", "Hamlet of Milton")

    return Town


def _parcel(tmn: str, area: Any, value: str | None, *, roll_year: int = 2026, total: str = "500000.00") -> Any:
    parcel = f.parcel(tmn, improvement_area=area)
    if value is not None or total:
        AssessedValue.objects.create(
            parcel=parcel, roll_year=roll_year, value=Decimal(total),
            taxable_value=None if value is None else Decimal(value),
        )  # fmt: skip
    return parcel


def test_each_parcel_inside_is_charged_its_taxable_value_times_its_areas_rate(town: Any, staff: Any) -> None:
    a = _parcel("1.1-1-1", town.marlborough, "185400.00")
    b = _parcel("1.1-1-2", town.milton, "100010.00")
    c = _parcel("1.1-1-3", town.marlborough, "1000.00")
    run = do_run_capital_charge(2027, acting_user=staff.clerk)
    amounts = dict(CapitalCharge.objects.values_list("parcel", "amount"))
    assert amounts == {a.pk: Decimal("434.76"), b.pk: Decimal("312.53"), c.pk: Decimal("2.35")}
    assert run.charged == 3 and run.roll_year == 2026
    assert run.rates == {"marlborough": "2.345", "milton": "3.125"}
    year = capital_year(2027)
    totals = {t.code: (t.parcels, t.amount) for t in year.areas}
    assert totals == {"marlborough": (2, Decimal("437.11")), "milton": (1, Decimal("312.53"))}
    assert year.total == Decimal("749.64")
    assert AuditEvent.objects.filter(action="do_run_capital_charge").count() == 1


def test_the_run_agrees_with_the_topic_parcel_by_parcel(town: Any, staff: Any) -> None:
    values = ["0.00", "0.01", "999.99", "1000.00", "1002.13", "213333.33", "999999999999.99"]
    for n, value in enumerate(values):
        _parcel(f"2.1-1-{n}", town.marlborough if n % 2 else town.milton, value, total="999999999999.99")
    do_run_capital_charge(2027, acting_user=staff.clerk)
    for charge in CapitalCharge.objects.select_related("area"):
        facts = {"tax_year": 2027, "area": charge.area.code, "roll_year": 2026,
                 "taxable_value": format(charge.taxable_value, "f")}  # fmt: skip
        decision = determine("capital-charge", facts, as_of=D(2026, 12, 4))
        assert decision.amounts[0].value == charge.amount, facts


def test_a_parcel_outside_both_areas_is_not_charged_but_a_contract_user_is_at_its_revenue_area(
    town: Any, staff: Any
) -> None:
    outside = _parcel("3.1-1-1", None, "90000.00")
    contract = _parcel("3.1-1-2", None, "50000.00")
    SewerAccount.objects.create(account_number="MIL-9", parcel=contract, contract_user=True)
    Lateral.objects.create(parcel=contract, main=f.main(town.milton))
    do_run_capital_charge(2027, acting_user=staff.clerk)
    charged = CapitalCharge.objects.get()
    assert charged.parcel == contract and charged.contract_user and charged.area == town.milton
    assert charged.amount == Decimal("156.25")
    assert not CapitalCharge.objects.filter(parcel=outside).exists()


def test_a_contract_user_whose_account_closed_before_the_tax_year_is_not_charged(town: Any, staff: Any) -> None:
    contract = _parcel("3.1-1-2", None, "50000.00")
    SewerAccount.objects.create(account_number="MIL-9", parcel=contract, contract_user=True, closed_on=D(2026, 12, 31))
    Lateral.objects.create(parcel=contract, main=f.main(town.milton))
    do_run_capital_charge(2027, acting_user=staff.clerk)
    assert not CapitalCharge.objects.exists()


def test_what_cannot_be_charged_is_named_and_a_corrected_roll_resolves_it(town: Any, staff: Any) -> None:
    no_taxable = _parcel("4.1-1-1", town.marlborough, None)
    no_value = f.parcel("4.1-1-2", improvement_area=town.marlborough)
    old_roll_only = _parcel("4.1-1-3", town.marlborough, "1000.00", roll_year=2025)
    first = do_run_capital_charge(2027, acting_user=staff.clerk)
    assert first.charged == 0
    problems = dict(open_issues(2027).values_list("parcel", "problem"))
    assert problems == {no_taxable.pk: "no_taxable_value", no_value.pk: "no_value", old_roll_only.pk: "no_value"}
    AssessedValue.objects.filter(parcel=no_taxable).update(taxable_value=Decimal("1000.00"))
    second = do_run_capital_charge(2027, acting_user=staff.clerk)
    assert second.charged == 1
    assert CapitalChargeIssue.objects.get(parcel=no_taxable).resolved_by == second
    assert open_issues(2027).count() == 2  # not found twice


def test_running_a_tax_year_again_writes_nothing_new(town: Any, staff: Any) -> None:
    _parcel("5.1-1-1", town.marlborough, "185400.00")
    do_run_capital_charge(2027, acting_user=staff.clerk)
    again = do_run_capital_charge(2027, acting_user=staff.clerk)
    assert again.charged == 0 and CapitalCharge.objects.count() == 1


def test_an_area_with_parcels_and_no_rate_refuses_the_run_and_writes_nothing(town: Any, staff: Any) -> None:
    _parcel("6.1-1-1", town.marlborough, "185400.00")
    f.area("highland", "Hamlet of Highland")
    f.parcel("6.1-1-2", improvement_area=town.milton.__class__.objects.get(code="highland"))
    with pytest.raises(ValidationError) as refused:
        do_run_capital_charge(2027, acting_user=staff.clerk)
    assert "highland" in str(refused.value.message_dict["rate"]) and "§118-52" in str(refused.value)
    assert not CapitalCharge.objects.exists()


def test_a_negative_rate_recorded_by_resolution_is_refused_naming_the_rate(town: Any, staff: Any) -> None:
    _parcel("6.1-1-1", town.marlborough, "185400.00")
    do_record_resolution(
        instrument="Resolution 2026-200", adopted_on=D(2026, 11, 20), effective_on=D(2027, 1, 1),
        title="Capital charge rates 2027", acting_user=staff.clerk,
        values=[ProposedValue("charges.capital_rate_per_1000", {"marlborough": "-2.00", "milton": "3.00"})],
    )  # fmt: skip
    with pytest.raises(ValidationError) as refused:
        do_run_capital_charge(2027, acting_user=staff.clerk)
    assert "negative" in str(refused.value.message_dict["rate"]) and "§118-52" in str(refused.value)
    assert not CapitalCharge.objects.exists() and BoardResolution.objects.count() == 1


def test_a_rate_resolved_by_the_board_for_the_tax_year_is_used(town: Any, staff: Any) -> None:
    _parcel("7.1-1-1", town.marlborough, "1000.00")
    do_record_resolution(
        instrument="Resolution 2026-201", adopted_on=D(2026, 11, 20), effective_on=D(2027, 1, 1),
        title="Capital charge rates 2027", acting_user=staff.clerk,
        values=[ProposedValue("charges.capital_rate_per_1000", {"marlborough": "4.000", "milton": "3.125"})],
    )  # fmt: skip
    do_run_capital_charge(2027, acting_user=staff.clerk)
    assert CapitalCharge.objects.get().amount == Decimal("4.00")
    do_run_capital_charge(2026, acting_user=staff.clerk)  # 2026 is charged at the rates of 1 January 2026
    assert not CapitalCharge.objects.filter(tax_year=2026).exists()  # its roll (2025) has no values here


def test_the_clerk_excludes_an_issue_with_a_reason(town: Any, staff: Any) -> None:
    _parcel("8.1-1-1", town.marlborough, None)
    do_run_capital_charge(2027, acting_user=staff.clerk)
    issue = open_issues(2027).get()
    with pytest.raises(ValidationError):
        do_exclude_capital_issue(issue, reason="  ", acting_user=staff.clerk)
    done = do_exclude_capital_issue(issue, reason="Town-owned: exempt by the assessor", acting_user=staff.clerk)
    assert done.excluded_by == staff.clerk and not open_issues(2027).exists()
    with pytest.raises(ValidationError):
        do_exclude_capital_issue(issue, reason="again", acting_user=staff.clerk)


def test_only_the_clerks_office_and_the_superintendent_run_it(town: Any, staff: Any) -> None:
    for user in (staff.inspector, staff.board):
        with pytest.raises(PermissionDenied):
            do_run_capital_charge(2027, acting_user=user)
    do_run_capital_charge(2027, acting_user=staff.superintendent)


@given(cents=st.integers(min_value=0, max_value=10**14), rate_micro=st.integers(min_value=0, max_value=10**9))
def test_the_integer_formula_of_the_sql_is_the_ordinances_decimal_rule_to_the_cent(cents: int, rate_micro: int) -> None:
    value, rate = Decimal(cents) / 100, Decimal(rate_micro) / 10**6
    expected = (value * rate / 1000).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    assert charge_of(value, rate) == expected
    assert Decimal(charge_cents(cents, rate_micro)) / 100 == expected


def test_the_command_runs_a_tax_year_and_prints_its_totals_to_the_cent(town: Any, staff: Any) -> None:
    """Worked example through the command line: $185,400 in Marlborough at $2.345 per $1,000 is $434.763, charged
    $434.76; $100,010 in Milton at $3.125 is $312.53125, charged $312.53; $1,000 at $2.345 is $2.345, a half cent
    rounded up to $2.35."""
    from io import StringIO

    from django.core.management import CommandError, call_command

    _parcel("1.1-1-1", town.marlborough, "185400.00")
    _parcel("1.1-1-2", town.milton, "100010.00")
    _parcel("1.1-1-3", town.marlborough, "1000.00")
    _parcel("1.1-1-4", town.milton, None)
    out = StringIO()
    call_command("capital_charge", "2027", "--as-user", staff.clerk.username, stdout=out)
    printed = out.getvalue()
    assert "Tax year 2027 on the roll of 2026: 3 charges written by this run." in printed
    assert "Hamlet of Milton: 1 parcels, $312.53" in printed and "$437.11" in printed
    assert "Total: 3 parcels, $749.64; open issues: 1." in printed
    with pytest.raises(CommandError, match="run the capital charge"):
        call_command("capital_charge", "2027", "--as-user", staff.inspector.username, stdout=StringIO())


def test_a_payer_with_no_roll_row_is_named_beside_charged_and_untaxed_ones_on_the_first_run_and_on_a_rerun(
    town: Any, staff: Any
) -> None:
    """The issues pass is skipped only when the year's first run charged every payer the roll values: counted, not
    assumed. A rerun (charges on file, one of them for a parcel since taken out of the area) still walks every
    payer, so a parcel added without a roll row is named."""
    charged = _parcel("6.1-1-1", town.marlborough, "100000.00")
    untaxed = _parcel("6.1-1-2", town.marlborough, None)
    first = do_run_capital_charge(2027, acting_user=staff.clerk)
    assert first.charged == 1 and dict(open_issues(2027).values_list("parcel", "problem")) == {
        untaxed.pk: "no_taxable_value"}  # fmt: skip
    missing = f.parcel("6.1-1-3", improvement_area=town.marlborough)
    first_too = do_run_capital_charge(2028, acting_user=staff.clerk)  # another year's first run: all three payers
    assert first_too.charged == 0  # the roll of 2027 has no values
    assert set(open_issues(2028).values_list("parcel", "problem")) == {
        (charged.pk, "no_value"), (untaxed.pk, "no_value"), (missing.pk, "no_value")}  # fmt: skip
    charged.improvement_area = None  # out of the area after its 2027 charge: the count of charges is stale
    charged.save()
    again = do_run_capital_charge(2027, acting_user=staff.clerk)
    assert again.charged == 0
    assert dict(open_issues(2027).values_list("parcel", "problem")) == {
        untaxed.pk: "no_taxable_value", missing.pk: "no_value"}  # fmt: skip
