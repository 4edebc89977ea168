"""Water used per period: what passed each meter between successive actual reads, in gallons, charted on
the parcel page with its table.

Cubic feet convert at 7.48052 gallons per cubic foot (I-24), rounded to the gallon; a register that rolls
over counts reading + 10^dials − previous, as the batch of reads accepted it; a lower read that cannot be
a rollover leaves its period without a figure; estimates are never used.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest

from sewerworks.registry.choices import MeterUnit, ReadSource
from sewerworks.registry.models import MeterRead, WaterMeter
from sewerworks.registry.tests import factories as f
from sewerworks.registry.water_use import average_line, water_use

pytestmark = pytest.mark.django_db

D = dt.date


@pytest.fixture
def parcel():
    p = f.parcel(improvement_area=f.area())
    f.owned(p)
    return p


def reads(meter: WaterMeter, *rows: tuple[dt.date, int] | tuple[dt.date, int, str]) -> None:
    for row in rows:
        source = row[2] if len(row) == 3 else ReadSource.WATER_DISTRICT
        MeterRead.objects.create(meter=meter, read_on=row[0], reading=row[1], source=source)


def used(meter: WaterMeter) -> list[tuple[str, Decimal | None]]:
    return [(p.label, p.gallons) for p in water_use(meter)]


def test_a_gallon_meter_uses_the_difference_of_successive_reads_and_ignores_estimates(parcel) -> None:
    meter = f.account_with_meter(parcel)
    reads(meter, (D(2026, 1, 2), 100_000), (D(2026, 2, 15), 999_999, ReadSource.ESTIMATE), (D(2026, 4, 1), 104_500))
    reads(meter, (D(2026, 7, 1), 110_000))
    assert used(meter) == [
        ("2026-01-02 – 2026-04-01", Decimal(4500)),
        ("2026-04-01 – 2026-07-01", Decimal(5500)),
    ]


@pytest.mark.parametrize(("cubic_feet", "gallons"), [(0, 0), (1, 7), (100, 748), (1000, 7481), (2000, 14961)])
def test_a_cubic_foot_meter_converts_at_7_48052_gallons_each_rounded_to_the_gallon(
    parcel, cubic_feet: int, gallons: int
) -> None:
    meter = f.account_with_meter(parcel)
    meter.unit = MeterUnit.CUBIC_FEET
    meter.save()
    reads(meter, (D(2026, 1, 2), 5000), (D(2026, 4, 1), 5000 + cubic_feet))
    assert used(meter) == [("2026-01-02 – 2026-04-01", Decimal(gallons))]


def test_a_register_that_rolls_over_counts_the_water_through_zero(parcel) -> None:
    meter = f.account_with_meter(parcel)  # six dials: 999,999 then 0
    reads(meter, (D(2026, 1, 2), 999_500), (D(2026, 4, 1), 300))
    (period,) = water_use(meter)
    assert (period.used, period.gallons) == (800, Decimal(800)) and "rolled over" in period.note


def test_a_lower_read_that_cannot_be_a_rollover_is_not_computed(parcel) -> None:
    meter = f.account_with_meter(parcel)  # a drop of 499,900 would be 500,100 gallons through zero: over a tenth
    reads(meter, (D(2026, 1, 2), 500_000), (D(2026, 4, 1), 100), (D(2026, 7, 1), 1100))
    first, second = water_use(meter)
    assert first.gallons is None and "not a plausible rollover" in first.note
    assert second.gallons == Decimal(1000)


def test_of_two_actual_reads_on_one_day_the_later_recorded_counts(parcel) -> None:
    meter = f.account_with_meter(parcel)
    reads(meter, (D(2026, 1, 2), 1000), (D(2026, 4, 1), 9000), (D(2026, 4, 1), 4000, ReadSource.MANUAL))
    assert used(meter) == [("2026-01-02 – 2026-04-01", Decimal(3000))]


def test_the_average_line_needs_two_computed_periods(parcel) -> None:
    meter = f.account_with_meter(parcel)
    reads(meter, (D(2026, 1, 2), 0), (D(2026, 4, 1), 1000))
    assert average_line(water_use(meter)) == []
    reads(meter, (D(2026, 7, 1), 3001))
    (line,) = average_line(water_use(meter))
    assert (line.value, line.label) == (Decimal(1501), "Average per period")  # 1,500.5 rounds half up


def test_the_parcel_page_charts_each_meters_use_with_a_table_of_the_same_periods(client_as, parcel) -> None:
    gallons = f.account_with_meter(parcel)
    reads(gallons, (D(2026, 1, 2), 100_000), (D(2026, 4, 1), 104_500), (D(2026, 7, 1), 110_000))
    feet = f.account_with_meter(parcel, number="MAR-000124", serial="WM0000FT3")
    feet.unit = MeterUnit.CUBIC_FEET
    feet.save()
    reads(feet, (D(2026, 1, 2), 10), (D(2026, 4, 1), 110))
    html = client_as("board member").get(f"/registry/parcels/{parcel.pk}/").content.decode()
    assert html.count('role="img"') == 2
    assert "Water use per period, meter WM12345678" in html and "Water use per period, meter WM0000FT3" in html
    table_rows = re.findall(r"<tr><td>(\d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d)</td><td[^>]*>([\d,]+)</td>", html)
    expected = [(p.label, f"{p.gallons:,}") for meter in (feet, gallons) for p in water_use(meter)]  # by serial
    assert (
        table_rows
        == expected
        == [
            ("2026-01-02 – 2026-04-01", "748"),
            ("2026-01-02 – 2026-04-01", "4,500"),
            ("2026-04-01 – 2026-07-01", "5,500"),
        ]
    )
    assert "converted at 7.48052 gallons per cubic foot (I-24)" in html


def test_a_meter_with_a_single_read_has_no_chart(client_as, parcel) -> None:
    meter = f.account_with_meter(parcel)
    reads(meter, (D(2026, 6, 30), 123_456))
    html = client_as("clerk").get(f"/registry/parcels/{parcel.pk}/").content.decode()
    assert 'role="img"' not in html and "Water use per period" not in html
