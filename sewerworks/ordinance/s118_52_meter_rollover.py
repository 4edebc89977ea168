"""§118-52: the water a meter's reads show, when the later read is lower than the earlier (I-48, I-181).

A register of ``dials`` digits rolls over from 10^dials - 1 to 0. A lower read is taken as a rollover only
when the water it would mean (end + 10^dials - start) is plausible; otherwise it is a misread, a replaced meter
or a reversed date, for a person to check. I-181 reads "plausible" by the register's size: at most the larger
of ``meters.rollover_max_fraction`` of the register (a tenth) and ``meters.rollover_gallons`` (a half-year of a
household's water, 50,000 gallons) so long as that is within half the register. A tenth of a small register (a
4-dial register in cubic feet holds 10,000 ft³) is less than a half-year's use, so nearly every rollover of one
would be held; beyond half the register, a small decrease (a misread) is likelier than a rollover.

The user-charge decision (``s118_52_user_charge``), the bill run (``billing.engine``: its Python path and its
SQL), and the registry's check of recorded reads (``registry/reads.py``, the reads import's) all ask this rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal

from sewerworks.ordinance.parameters import ParameterView

FRACTION, GALLONS, PER_FT3 = "meters.rollover_max_fraction", "meters.rollover_gallons", "charges.gallons_per_cubic_foot"


@dataclass(frozen=True)
class RolloverRule:
    """I-48 by the register's size (I-181), with the values in force on one day."""

    fraction: Decimal
    gallons: Decimal
    gallons_per_ft3: Decimal

    @classmethod
    def of(cls, view: ParameterView) -> RolloverRule:
        return cls(view.number(FRACTION), view.number(GALLONS), view.number(PER_FT3))

    def per_unit(self, unit: str) -> Decimal:
        return self.gallons_per_ft3 if unit == "ft3" else Decimal(1)

    def plausible(self, wrapped: int, dials: int, unit: str = "gal") -> bool:
        """Whether ``wrapped`` register units through a rollover are plausible on this register."""
        span = 10**dials
        if wrapped <= self.fraction * span:
            return True
        return 2 * wrapped <= span and wrapped * self.per_unit(unit) <= self.gallons

    def largest(self, dials: int, unit: str = "gal") -> int:
        """The most register units a rollover may mean on this register (whole units)."""
        span = Decimal(10**dials)
        most = max(self.fraction * span, min(span / 2, self.gallons / self.per_unit(unit)))
        return int(most.to_integral_value(rounding=ROUND_FLOOR))

    def words(self, dials: int, unit: str = "gal") -> str:
        """What the bound is, in plain words, for a refusal or a held bill."""
        shown = "ft³" if unit == "ft3" else "gallons"
        return (f"more than the {self.largest(dials, unit):,} {shown} a rollover may mean on a {dials}-dial register "
                f"(the larger of {self.fraction:f} of it and {self.gallons:,f} gallons within half of it; I-48, "
                "I-181)")  # fmt: skip


def units_used(start: int, end: int, dials: int, rule: RolloverRule, unit: str = "gal") -> int | None:
    """Register units used from ``start`` to ``end``, or None when a lower ``end`` is no plausible rollover."""
    if end >= start:
        return end - start
    wrapped = end + 10**dials - start
    return wrapped if rule.plausible(wrapped, dials, unit) else None
