"""The relevy for the county (§118-53, I-121): one row per parcel in the layout, each row's amount the parcel's
relevy transfers to the cent; rows the county cannot take named and nothing written until each is resolved or
taken off the roll; the county's settlement read through the same layout and reconciled per parcel."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement, do_remove_from_roll
from sewerworks.billing.actions.taxroll import do_export_tax_roll, do_record_layout, do_record_settlement
from sewerworks.billing.models import LedgerEntry
from sewerworks.billing.taxroll.export import print_key
from sewerworks.billing.taxroll.settlement import exported, reconcile
from sewerworks.billing.tests.relevy_scenario import ADOPTED_ON, STATEMENT_DATE, D, YearEnd, year_end
from sewerworks.registry.models import Ownership

pytestmark = pytest.mark.django_db


@pytest.fixture
def relevied(staff: Any) -> tuple[YearEnd, Any]:
    scene = year_end(staff.clerk, staff.superintendent)
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk, documents=False)
    return scene, do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON,
                                     acting_user=staff.clerk)  # fmt: skip


@pytest.mark.parametrize(
    ("number", "expected"),
    [("108.12-3-45", ("108.12-3-45", "1080120003045000    ")), ("108-1-2.1", ("108-1-2.1", "1080000001002001    ")),
     ("96.4-2-17.100-B", ("96.4-2-17.100-B", "0960040002017100B   ")), ("108.12-3", None), ("LOT 7", None)],
)  # fmt: skip
def test_the_print_key_is_derived_from_the_tax_map_number(number: str, expected: Any) -> None:
    found = print_key(number)
    assert found == expected
    if found:
        assert len(found[1]) == 20


def test_each_row_is_a_parcel_whose_amount_is_its_relevy_transfers_and_the_settlement_reconciles(
    relevied: Any, staff: Any
) -> None:
    scene, statement = relevied
    export = do_export_tax_roll(statement, acting_user=staff.clerk, on=D(2026, 12, 1))
    assert (export.rows, export.total, export.layout.name) == (4, Decimal("243.12"), "relevy-illustrative")
    rows = exported(export)
    for row in rows:
        parcel = next(a.parcel for a in scene.accounts.values() if print_key(a.parcel.tax_map_number)[0] ==  # type: ignore[index]
                      row["print_key"])  # fmt: skip
        moved = LedgerEntry.objects.filter(parcel=parcel, kind="relevy_transfer")
        assert row["amount"] == -sum((e.amount for e in moved), Decimal(0))
        assert (row["swis"], row["levy_code"], row["roll_year"]) == ("513400", "SD001", 2027)
    owners = {row["print_key"]: row["owner"] for row in rows}
    assert owners["108.4-1-1"] == "HUDSON ANNA"  # the owner of record on the statement date, not the buyer
    settlement = do_record_settlement(export, received_on=D(2026, 12, 2), acting_user=staff.clerk,
                                      data=export.file.open("rb").read())  # fmt: skip
    assert settlement.total == Decimal("243.12") and reconcile(settlement) == []
    short = do_record_settlement(export, received_on=D(2026, 12, 3), acting_user=staff.clerk,
                                 lines=[("108.1-1-1", "43.03"), ("108.2-1-1", "40.00"), ("999-1-1", "1.00")])
    assert [d.sentence for d in reconcile(short)] == [
        "108.2-1-1: exported $46.09, credited $40.00 (-6.09)",
        "108.3-1-1: exported $88.00, not credited",
        "108.4-1-1: exported $66.00, not credited",
        "999-1-1: credited $1.00, not in the export",
    ]


def test_rows_the_county_cannot_take_are_named_and_nothing_is_written_until_resolved_or_removed(
    relevied: Any, staff: Any
) -> None:
    scene, statement = relevied
    Ownership.objects.filter(parcel=scene.accounts["A"].parcel).delete()  # no owner of record on file
    c = scene.accounts["C"].parcel
    c.tax_map_number = "LOT 7"
    c.save()
    with pytest.raises(ValidationError) as refused:
        do_export_tax_roll(statement, acting_user=staff.clerk)
    text = " ".join(refused.value.messages)
    assert "2 parcel(s) the county cannot take" in text
    assert "108.1-1-1 ($43.03): no owner of record on 2026-09-20" in text
    assert "LOT 7 ($88.00): no print key: 'LOT 7' is not section-block-lot" in text
    assert not statement.exports.exists()
    do_remove_from_roll(statement, c, reason="tax map number under review", removed_on=D(2026, 11, 20),
                        acting_user=staff.clerk)  # fmt: skip
    f_owner = scene.buyer  # resolved in the registry: the owner of record on the statement date recorded
    Ownership.objects.create(parcel=scene.accounts["A"].parcel, owner=f_owner, start=D(2001, 1, 1))
    export = do_export_tax_roll(statement, acting_user=staff.clerk)
    assert export.rows == 3 and export.total == Decimal("155.12")


def test_a_layout_is_recorded_once_per_version_and_used(relevied: Any, staff: Any) -> None:
    _, statement = relevied
    spec = {"name": "ulster-relevy", "version": 1, "format": "csv",
            "columns": [{"name": "Print Key", "field": "print_key"}, {"name": "Amount", "field": "amount",
                                                                       "kind": "money"}]}  # fmt: skip
    layout = do_record_layout(spec, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="is recorded: a change is a new version"):
        do_record_layout(spec, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match=r"columns\[0\].field"):
        do_record_layout({**spec, "version": 2, "columns": [{"name": "X", "field": "secret"}]}, acting_user=staff.clerk)
    export = do_export_tax_roll(statement, layout=layout, acting_user=staff.clerk)
    assert export.file.open("rb").read().decode().splitlines()[:2] == ["Print Key,Amount", "108.1-1-1,43.03"]
    with pytest.raises(PermissionDenied):
        do_export_tax_roll(statement, acting_user=staff.superintendent)
