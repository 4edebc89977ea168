"""How the screen measures and classifies, in whole hundredths of a foot so that both paths agree exactly.

A distance is measured in EPSG:2260 feet, planar (I-84), from a parcel's polygon or its discharge point to
the nearer Sewer Improvement Area's polygon, and rounded to the nearest hundredth of a foot, halves up (I-104). The
topic receives that rounded figure; the screen compares the same whole hundredths with the limits in force
(``limit_hundredths`` floors each limit, which for a whole number of hundredths is the same comparison).
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from decimal import Decimal

import numpy as np
import numpy.typing as npt

from sewerworks.contracts.choices import Outcome
from sewerworks.ordinance.parameters import ParameterView

NO_POINT = -1  # whole hundredths when no discharge point is on record (I-82)
# The screen keeps a candidate row for every parcel outside the areas within this distance of a boundary:
# wide enough to show on the map the lots near the boundary that are not adjoining (the demo's 410 ft lot).
# A display radius, not a distance of the law (I-105).
SCREEN_RADIUS_FT = 600
OUTCOME_CODES: tuple[str, ...] = (
    Outcome.ELIGIBLE.value,
    Outcome.BOARD.value,
    Outcome.TOO_FAR.value,
    Outcome.NOT_ADJOINING.value,
    Outcome.CANNOT_JUDGE.value,
)


def hundredths(feet: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Feet to whole hundredths of a foot, halves up."""
    return np.floor(np.asarray(feet, dtype=np.float64) * 100.0 + 0.5).astype(np.int64)


def one_hundredths(feet: float) -> int:
    return int(math.floor(feet * 100.0 + 0.5))


def as_feet(h: int) -> Decimal:
    """Whole hundredths to the Decimal feet the topic and the database receive."""
    return Decimal(h).scaleb(-2)


def feet_text(h: int) -> str:
    return f"{h // 100}.{h % 100:02d}"


def limit_hundredths(value: Decimal) -> int:
    return int((value * 100).to_integral_value(rounding="ROUND_FLOOR"))


@dataclass(frozen=True)
class Limits:
    """The distances in force on ``as_of`` (I-10, I-83), in whole hundredths of a foot."""

    as_of: dt.date
    tolerance: int
    definition: int
    reach: int
    radius: int = SCREEN_RADIUS_FT * 100

    @classmethod
    def read(cls, view: ParameterView, as_of: dt.date) -> Limits:
        """Raises ``NotInForce`` before 1996-04-22, when the chapter had no contract users (I-83)."""
        return cls(
            as_of=as_of,
            tolerance=limit_hundredths(view.number("contract_users.adjoining_tolerance")),
            definition=limit_hundredths(view.number("contract_users.definition_distance")),
            reach=limit_hundredths(view.number("contract_users.max_distance")),
        )


def classify(gap: npt.NDArray[np.int64], discharge: npt.NDArray[np.int64], limits: Limits) -> npt.NDArray[np.int8]:
    """Outcome codes (indexes of OUTCOME_CODES) for parcels outside both areas, as the topic decides them."""
    code = np.full(gap.shape, 2, dtype=np.int8)  # too far, unless nearer
    code[discharge <= limits.reach] = 1
    code[discharge <= limits.definition] = 0
    code[discharge == NO_POINT] = 4
    code[gap > limits.tolerance] = 3
    return code
