"""The facts of the ``user-charge`` topic (§118-52): one account's period and the water it used.

Exactly one source of usage: gallons, two register reads, or ``unmetered`` for the class estimate
(I-27). Vehicle-wash gallons are part of the water used and are excluded from it (§118-6, I-44).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.s118_52_user_charge_examples import WORKED

UserClass = Literal["residential", "commercial", "industrial", "institutional"]


class MeterReads(Facts):
    """Two reads of one register: at the start and at the end of the period."""

    start: int = Field(ge=0, description="Register reading at the start of the period.", examples=[1000])
    end: int = Field(ge=0, description="Register reading at the end of the period.", examples=[9000])
    unit: Literal["gal", "ft3"] = Field(default="gal", description="What the register counts: gal or ft3.")
    dials: int = Field(default=6, ge=1, le=12, description="Digits on the register; it rolls over at 10^dials.")

    @model_validator(mode="after")
    def _readings_fit_the_register(self) -> MeterReads:
        for name in ("start", "end"):
            if getattr(self, name) >= 10**self.dials:
                raise ValueError(f"{name} ({getattr(self, name):,}) does not fit a {self.dials}-dial register")
        return self


class Strength(Facts):
    """The period's strength as measured by the district (a flow-weighted mean, I-31), mg/L."""

    bod: Decimal | None = Field(default=None, ge=0, description="Five-day BOD, mg/L.", examples=[500])
    suspended_solids: Decimal | None = Field(default=None, ge=0, description="Suspended solids, mg/L.")
    chlorine_demand: Decimal | None = Field(default=None, ge=0, description="Chlorine demand, mg/L.")


class UserChargeFacts(Facts):
    """One sewer account's semiannual billing period and the water it used."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [WORKED]})

    period_start: date = Field(description="First day of the billing period.", examples=["2025-10-01"])
    period_end: date = Field(
        description="Last day of the billing period: the values in force that day rate it (I-43).",
        examples=["2026-03-31"],
    )
    user_class: UserClass = Field(default="residential", description="User class (for the I-27 estimate).")
    gallons: Decimal | None = Field(
        default=None, ge=0, description="Water used in the period, all the account's meters together, gallons."
    )
    reads: MeterReads | None = Field(default=None, description="Start and end reads instead of gallons.")
    unmetered: bool = Field(
        default=False,
        description="No meter read for the period (outside the Water District, own supply): estimate (I-27).",
    )
    wash_gallons: Decimal | None = Field(
        default=None, ge=0, description="Of the water used, gallons through a separate vehicle-wash meter (§118-6)."
    )
    strength: Strength | None = Field(default=None, description="Measured strength, for the surcharge (I-03).")
    rate_per_gallon: Decimal | None = Field(
        default=None, gt=0, description="A per-gallon rate to use instead of the Board's (what-if), USD/gal."
    )
    meter_notice_on: date | None = Field(
        default=None, description="Date the owner of an unmetered user was told to install a meter (I-27)."
    )

    @model_validator(mode="after")
    def _one_source_of_usage(self) -> UserChargeFacts:
        given = [n for n in ("gallons", "reads") if getattr(self, n) is not None]
        if self.period_end < self.period_start:
            raise ValueError("period_end is before period_start")
        if self.unmetered and given:
            raise ValueError(f"an unmetered user has no {given[0]}: give unmetered or the water used, not both")
        if not self.unmetered and len(given) != 1:
            raise ValueError("give the water used as gallons or as reads (exactly one), or unmetered: true")
        if self.unmetered and self.wash_gallons:
            raise ValueError("wash_gallons needs the metered water used it is part of")
        if self.gallons is not None and self.wash_gallons is not None and self.wash_gallons > self.gallons:
            raise ValueError("wash_gallons is more than gallons: the wash water is part of the water used")
        return self
