"""§118-52, I-48 by the register's size (I-181): a lower read is a rollover only when the water it would mean is
at most the larger of a tenth of the register (``meters.rollover_max_fraction``) and 50,000 gallons within half
of it (``meters.rollover_gallons``); on either side of each bound."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sewerworks.ordinance.s118_6_7_private_systems import available_by_distance
from sewerworks.ordinance.s118_52_meter_rollover import RolloverRule, units_used

RULE = RolloverRule(Decimal("0.1"), Decimal(50_000), Decimal("7.48052"))


@pytest.mark.parametrize(
    ("start", "end", "dials", "used"),
    [
        (1_000, 9_000, 6, 8_000),  # an ordinary period
        (500, 500, 4, 0),  # no water used
        (9_990, 500, 4, 510),  # 9,990 -> 0 -> 500 on a 4-dial register
        (8_999, 0, 4, 1_001),  # more than a tenth of a 10,000-gallon register, within half of it (I-181)
        (5_000, 0, 4, 5_000),  # exactly half the register: still a rollover
        (4_999, 0, 4, None),  # one unit more than half: a misread for a person to check
        (90_000, 40_000, 5, 50_000),  # 50,000 gallons, half a 5-dial register
        (90_000, 40_001, 5, None),
        (900_000, 0, 6, 100_000),  # a tenth of a 6-dial register: more than 50,000 gallons
        (899_999, 0, 6, None),
        (9_990, 500, 6, None),  # the same reads on a 6-dial register would mean 990,510 gallons
    ],
)
def test_a_lower_read_is_a_rollover_up_to_a_tenth_or_50_000_gallons_within_half_the_register(
    start: int, end: int, dials: int, used: int | None
) -> None:
    assert units_used(start, end, dials, RULE) == used


@pytest.mark.parametrize(("start", "end", "used"), [(7_687, 2_687, 5_000), (7_687, 2_688, None), (8_300, 0, 1_700)])
def test_a_4_dial_register_in_cubic_feet_may_roll_over_half_its_10_000_cubic_feet(
    start: int, end: int, used: int | None
) -> None:
    assert units_used(start, end, 4, RULE, "ft3") == used
    assert RULE.largest(4, "ft3") == 5_000 and RULE.largest(5, "ft3") == 10_000 and RULE.largest(6) == 100_000


@pytest.mark.parametrize(("distance", "available"), [("99.99", True), ("100", True), ("100.01", False)])
def test_a_main_at_most_100_ft_from_the_boundary_is_available(distance: str, available: bool) -> None:
    assert available_by_distance(Decimal(distance), Decimal(100)) is available
