"""Money that stays exact in SQL: whole cents in the database, Decimal dollars in Python (I-23).

Run on both databases (``scripts/with-postgres.sh``): SQLite's NUMERIC affinity would add a DecimalField up
in binary floating point; a MoneyField's column is whole cents, which every database adds up exactly.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import F, Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sewerworks.core.models import PendingCharge
from sewerworks.core.money import MoneyField, MoneyFormField, MoneySum, dollars

D = Decimal


def charge(parcel: Any, user: Any, amount: Any, n: int) -> PendingCharge:
    return PendingCharge(
        parcel=parcel,
        amount=amount,
        section="118-47",
        description="Jetting",
        program="general",
        kind="violator_charge",
        source_key=f"tests.charge:{n}",
        incurred_on=dt.date(2026, 2, 4),
        created_by=user,
    )


@pytest.fixture
def parcel(db: Any) -> Any:
    return apps.get_model("registry", "Parcel").objects.create(tax_map_number="108.12-3-45")


@pytest.fixture
def user(make_user: Any) -> Any:
    return make_user("clerk")


# --- In SQL ---------------------------------------------------------------------------------------------


def test_a_thousand_dimes_and_a_thousand_twenty_cent_pieces_sum_to_exactly_three_hundred_dollars(
    parcel: Any, user: Any
) -> None:
    PendingCharge.objects.bulk_create([charge(parcel, user, D("0.10") if n % 2 else D("0.20"), n) for n in range(2000)])
    total = PendingCharge.objects.aggregate(total=Sum("amount"))["total"]
    assert total == D("300.00") and str(total) == "300.00"
    assert PendingCharge.objects.aggregate(total=MoneySum("amount"))["total"] == D("300.00")


def test_the_cents_are_what_the_database_holds(parcel: Any, user: Any) -> None:
    charge(parcel, user, D("0.10"), 1).save()
    charge(parcel, user, D("1234.56"), 2).save()
    with connection.cursor() as cursor:
        cursor.execute("SELECT amount FROM core_pendingcharge ORDER BY amount")
        assert [int(row[0]) for row in cursor.fetchall()] == [10, 123456]
        cursor.execute("SELECT SUM(amount) FROM core_pendingcharge")
        assert int(cursor.fetchone()[0]) == 123466


def test_a_sum_over_no_rows_is_none_with_sum_and_zero_dollars_with_money_sum(db: Any) -> None:
    assert PendingCharge.objects.aggregate(t=Sum("amount"))["t"] is None
    assert PendingCharge.objects.aggregate(t=MoneySum("amount"))["t"] == D("0.00")


def test_lookups_compare_in_dollars(parcel: Any, user: Any) -> None:
    for n, amount in enumerate(("99.99", "100.00", "100.01")):
        charge(parcel, user, D(amount), n).save()
    assert PendingCharge.objects.filter(amount__gte=100).count() == 2
    assert PendingCharge.objects.filter(amount=D("100.01")).get().amount == D("100.01")
    assert PendingCharge.objects.filter(amount__lt="$100.00").get().amount == D("99.99")


def test_an_expression_of_money_columns_sums_exactly(parcel: Any, user: Any) -> None:
    for n in range(10):
        charge(parcel, user, D("0.10"), n).save()
    assert PendingCharge.objects.aggregate(t=MoneySum(F("amount") + F("amount")))["t"] == D("2.00")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.decimals(min_value=D("0.01"), max_value=D("99999999.99"), places=2), min_size=1, max_size=40))
def test_the_sql_sum_equals_the_python_decimal_sum(parcel: Any, user: Any, amounts: list[Decimal]) -> None:
    PendingCharge.objects.all().delete()
    PendingCharge.objects.bulk_create([charge(parcel, user, a, n) for n, a in enumerate(amounts)])
    assert PendingCharge.objects.aggregate(t=Sum("amount"))["t"] == sum(amounts, D("0.00"))
    assert sorted(PendingCharge.objects.values_list("amount", flat=True)) == sorted(amounts)


@pytest.mark.parametrize("amount", ["0.01", "0.10", "12.50", "1234.56", "92233720368547758.07"])
def test_an_amount_comes_back_from_the_database_to_the_cent(parcel: Any, user: Any, amount: str) -> None:
    saved = charge(parcel, user, D(amount), 1)
    saved.save()
    back = PendingCharge.objects.get(pk=saved.pk).amount
    assert back == D(amount) and isinstance(back, Decimal) and back.as_tuple().exponent == -2


@pytest.mark.parametrize("amount", [0.1, float("nan"), D("NaN"), D("12.345"), "abc"])
def test_a_float_a_nan_or_a_fraction_of_a_cent_is_never_stored(parcel: Any, user: Any, amount: Any) -> None:
    with pytest.raises(ValidationError), transaction.atomic():
        charge(parcel, user, amount, 1).save()
    assert not PendingCharge.objects.exists()


# --- In Python ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("1234.56", "1234.56"),
        ("1,234.56", "1234.56"),
        ("$1,234.56", "1234.56"),
        ("12.5", "12.50"),
        ("7", "7.00"),
        (7, "7.00"),
        (D("0.1"), "0.10"),
        ("12.340", "12.34"),
        ("-5.00", "-5.00"),
        (" 3.00 ", "3.00"),
    ],
)
def test_dollars_are_read_as_the_clerk_writes_them(given: Any, expected: str) -> None:
    assert str(dollars(given)) == expected


@pytest.mark.parametrize(
    ("given", "rule"),
    [
        (0.1, "never a float"),
        (True, "never a float"),
        (float("inf"), "never a float"),
        (D("NaN"), "finite"),
        (D("Infinity"), "finite"),
        ("12.345", "fraction of a cent"),
        (D("0.001"), "fraction of a cent"),
        ("1,23.00", "not an amount"),
        ("", None),
        ("1e400", "not an amount"),
        (D("1e400"), "largest"),
        ("12 dollars", "not an amount"),
        (".", "not an amount"),
    ],
)
def test_what_is_not_money_is_refused_naming_the_rule(given: Any, rule: str | None) -> None:
    if rule is None:
        assert dollars(given) is None
        return
    with pytest.raises(ValidationError, match=rule):
        dollars(given)


def test_a_negative_amount_is_refused_unless_the_field_allows_it() -> None:
    with pytest.raises(ValidationError, match="negative"):
        dollars("-0.01", allow_negative=False)
    with pytest.raises(ValidationError, match="negative"):
        MoneyField(verbose_name="fine").clean(D("-0.01"), None)
    assert MoneyField(allow_negative=True).clean(D("-0.01"), None) == D("-0.01")


def test_the_form_field_takes_dollars_with_commas_and_shows_them_plain() -> None:
    field = MoneyField(verbose_name="amount ($)").formfield()
    assert isinstance(field, MoneyFormField)
    assert field.clean("$1,234.56") == D("1234.56")
    assert field.prepare_value(D("1234.5")) == "1234.50"
    for bad, rule in (("12.345", "fraction of a cent"), ("-1", "negative"), ("abc", "not an amount")):
        with pytest.raises(ValidationError, match=rule):
            field.clean(bad)
    assert 'inputmode="decimal"' in field.widget.render("amount", D("5.00"), attrs=field.widget_attrs(field.widget))


def test_the_field_deconstructs_to_itself_for_clean_migrations() -> None:
    name, path, args, kwargs = MoneyField("fine ($)", default=0, allow_negative=True).deconstruct()
    assert path == "sewerworks.core.money.MoneyField"
    assert kwargs == {"verbose_name": "fine ($)", "default": D("0.00"), "allow_negative": True}
    rebuilt = MoneyField(*args, **kwargs)
    assert rebuilt.deconstruct()[3] == kwargs
    assert MoneyField().deconstruct()[3] == {}
