"""The roll's taxable value for general town and county tax purposes (I-122): the base of the capital charge,
kept beside the total assessed value when the roll names the column; a roll without it leaves it empty."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest

from sewerworks.registry.imports.actions import do_import_roll
from sewerworks.registry.imports.roll import COLUMNS, OPTIONAL_COLUMNS
from sewerworks.registry.models import AssessedValue, ImprovementArea
from sewerworks.registry.tests.test_imports import row

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _scratch(settings, tmp_path):
    settings.SEWERWORKS_VAR = tmp_path


@pytest.fixture
def areas(db):
    ImprovementArea.objects.create(code="marlborough", name="Hamlet of Marlborough")


def _import(user, *rows, with_taxable: bool = True):
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=(*COLUMNS, *OPTIONAL_COLUMNS) if with_taxable else COLUMNS)
    writer.writeheader()
    writer.writerows(rows)
    return do_import_roll(acting_user=user, data=out.getvalue().encode(), file_name="roll.csv")


def test_the_taxable_value_is_kept_beside_the_assessed_value(areas, make_user) -> None:
    result = _import(make_user("clerk"), row("1.1-1-1", taxable_value="$157,250.00"))
    assert result.committed
    value = AssessedValue.objects.get()
    assert (value.value, value.taxable_value) == (Decimal("185000.00"), Decimal("157250.00"))


def test_a_blank_taxable_value_or_a_roll_without_the_column_leaves_it_empty(areas, make_user) -> None:
    clerk = make_user("clerk")
    assert _import(clerk, row("1.1-1-1", taxable_value="")).committed
    assert _import(clerk, {k: v for k, v in row("1.1-1-2").items()}, with_taxable=False).committed
    assert list(AssessedValue.objects.values_list("taxable_value", flat=True)) == [None, None]


def test_a_taxable_value_equal_to_the_assessed_value_is_taken_one_cent_more_is_refused(areas, make_user) -> None:
    clerk = make_user("clerk")
    assert _import(clerk, row("1.1-1-1", taxable_value="185000.00")).committed
    refused = _import(clerk, row("1.1-1-2", taxable_value="185000.01"))
    assert not refused.committed
    assert [(e.row, e.field) for e in refused.errors] == [(2, "taxable_value")]
    assert "more than the assessed value" in refused.errors[0].message
    assert AssessedValue.objects.count() == 1


@pytest.mark.parametrize(
    ("text", "why"), [("-1.00", "negative: a taxable value"), ("12.345", "fractions of a cent"), ("lots", "dollars")]
)
def test_a_taxable_value_that_is_not_dollars_and_cents_is_named(areas, make_user, text: str, why: str) -> None:
    refused = _import(make_user("clerk"), row("1.1-1-1", taxable_value=text))
    assert not refused.committed and refused.errors[0].field == "taxable_value"
    assert why in refused.errors[0].message


def test_a_new_roll_that_changes_only_the_taxable_value_updates_it(areas, make_user) -> None:
    clerk = make_user("clerk")
    _import(clerk, row("1.1-1-1", taxable_value="185000.00"))
    again = _import(clerk, row("1.1-1-1", taxable_value="170000.00"))
    assert again.committed and again.updated == 1
    assert AssessedValue.objects.get().taxable_value == Decimal("170000.00")
