"""The billing interface: a period's flow-weighted strength per account (I-31, I-75), written as billing's
strength record, which the §118-52 surcharge reads."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from sewerworks.billing.actions import do_open_period
from sewerworks.billing.models import StrengthRecord
from sewerworks.pretreatment.actions import do_record_results
from sewerworks.pretreatment.strength import do_write_period_strengths, weighted
from sewerworks.pretreatment.tests.conftest import composite
from sewerworks.registry.models import SewerAccount

pytestmark = pytest.mark.django_db
D = dt.date


def test_the_flow_weighted_mean() -> None:
    assert weighted([(Decimal(400), Decimal(3000)), (Decimal(200), Decimal(1000))]) == Decimal(350)
    assert weighted([(Decimal(400), Decimal(3000)), (Decimal(200), None)]) == Decimal(300)  # stands in at 3,000
    assert weighted([(Decimal(400), None), (Decimal(200), None)]) == Decimal(300)


def test_a_period_s_strength_is_written_for_the_user_s_account(shop: Any, manhole: Any, staff: Any) -> None:
    shop.account = SewerAccount.objects.create(account_number="MAR-000900", parcel=shop.building.parcel)
    shop.save()
    rows = [
        dataclasses.replace(composite(manhole, D(2026, 5, 4), "bod", "400"), flow_gallons=Decimal(3000)),
        dataclasses.replace(composite(manhole, D(2026, 6, 1), "bod", "200"), flow_gallons=Decimal(1000)),
        dataclasses.replace(composite(manhole, D(2026, 6, 1), "suspended_solids", "300",  # the same composite
                                      sample_id="S-2026-06-01-bod"), flow_gallons=Decimal(1000)),
        composite(manhole, D(2026, 10, 5), "bod", "900"),  # after the period
    ]  # fmt: skip
    do_record_results(rows, acting_user=staff.clerk)
    period = do_open_period(D(2026, 9, 30), acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_write_period_strengths(period, acting_user=staff.board)
    (record,) = do_write_period_strengths(period, acting_user=staff.superintendent)
    assert (record.bod, record.suspended_solids, record.chlorine_demand) == (Decimal(350), Decimal(300), None)
    assert StrengthRecord.objects.get().account == shop.account
    assert "Flow-weighted mean" in record.source


def test_write_strengths_needs_a_role_that_records_strength(shop: Any, staff: Any) -> None:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    do_open_period(D(2026, 9, 30), acting_user=staff.clerk)
    with pytest.raises(CommandError, match="record a strength"):
        call_command("write_strengths", "2026-09-30", as_user=staff.board.username)
    with pytest.raises(CommandError, match="no billing period ends on 2026-03-31"):
        call_command("write_strengths", "2026-03-31", as_user=staff.superintendent.username)
    call_command("write_strengths", "2026-09-30", as_user=staff.superintendent.username)
