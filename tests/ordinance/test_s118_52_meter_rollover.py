"""§118-52, I-48: a lower read is a rollover only when the water it would mean is a small part of the
register (a tenth, ``meters.rollover_max_fraction``); on either side of that tenth."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sewerworks.ordinance.s118_6_7_private_systems import available_by_distance
from sewerworks.ordinance.s118_52_meter_rollover import units_used

TENTH = Decimal("0.1")


@pytest.mark.parametrize(
    ("start", "end", "dials", "used"),
    [
        (1_000, 9_000, 6, 8_000),  # an ordinary period
        (500, 500, 4, 0),  # no water used
        (9_990, 500, 4, 510),  # 9,990 -> 0 -> 500 on a 4-dial register
        (9_000, 0, 4, 1_000),  # exactly a tenth of the register: still a rollover
        (8_999, 0, 4, None),  # one unit more than a tenth: a misread for a person to check
        (9_990, 500, 6, None),  # the same reads on a 6-dial register would mean 990,510 gallons
    ],
)
def test_a_lower_read_is_a_rollover_only_up_to_a_tenth_of_the_register(
    start: int, end: int, dials: int, used: int | None
) -> None:
    assert units_used(start, end, dials, TENTH) == used


@pytest.mark.parametrize(("distance", "available"), [("99.99", True), ("100", True), ("100.01", False)])
def test_a_main_at_most_100_ft_from_the_boundary_is_available(distance: str, available: bool) -> None:
    assert available_by_distance(Decimal(distance), Decimal(100)) is available
