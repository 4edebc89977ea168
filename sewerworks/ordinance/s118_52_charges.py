"""§ 118-52 Levy of user charges: the arithmetic of one semiannual sewer user charge (I-24, I-03, I-44).

    Sewer user charges shall be levied on the basis of the amount of water from a Sewer Improvement
    Area used by each sewer user at such per-gallon rates as the Town Board may from time to time
    establish, but in no way shall there be less than a minimum charge of $10 for the first 5,000
    gallons or less per semiannual billing period.

    This user charge is based on domestic flows or properly pretreated large or industrial flows. It is
    based on the following formula: [the formula is missing from our text, I-03]

    The strength of large or industrial uses shall be measured by the district, and the semiannual
    charges will be based on the above formula.

§ 118-6 lets a car wash keep disposing of the water "used in actually washing vehicles" through its
private system, separately metered: that water is excluded from the account's sewer usage (I-44).

I-24: charge = max($10, rate × min(g, 5,000)) + rate × max(0, g − 5,000). At $0.003/gal: 8,000 gal →
$15.00 + $9.00 = $24.00; 2,000 gal → $10.00. At $0.001/gal: 9,000 gal → $10.00 + $4.00 = $14.00.

I-03: for each of BOD, suspended solids and chlorine demand, excess pounds = gallons × 8.34 × 10⁻⁶ ×
max(0, measured mg/L − normal mg/L), and surcharge = excess pounds × the Board's rate per pound. At the
illustrative rates, 100,000 gal at BOD 500 mg/L → 166.8 lb × $0.30 = $50.04, and chlorine demand
20 mg/L → 4.17 lb × $0.50 = $2.085 → $2.09.

Rounding (I-23) happens in one place, :func:`_line`: each line item is rounded half up to cents from its
exact working; the charge is the sum of the rounded line items and is never rounded again. Gallons
(including gallons converted from cubic feet) stay exact.

This module reads no facts model: the topic ``user-charge`` and the bill run both call
:func:`rate_user_charge` with the values of :func:`charge_parameters`, so a million accounts read the
parameters once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from sewerworks.ordinance.money import to_cents
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.rulebook import num

SECTION = "118-52"
WATER_LB_PER_GALLON_PER_MG_L = Decimal("8.34E-6")  # 8.34 lb per gallon of water × 10⁻⁶ per mg/L (I-03)
CONSTITUENTS: dict[str, str] = {
    "bod": "BOD",
    "suspended_solids": "suspended solids",
    "chlorine_demand": "chlorine demand",
}
ZERO = Decimal(0)


@dataclass(frozen=True)
class ChargeParameters:
    """The §118-52 values in force on a period's last day (I-43), read once."""

    rate_per_gallon: Decimal
    minimum_charge: Decimal
    minimum_charge_gallons: Decimal
    normal_strength: Mapping[str, Decimal]
    strength_rates: Mapping[str, Decimal]
    rate_stated_in_facts: bool = False


@dataclass(frozen=True)
class LineItem:
    """One line of a sewer bill: what it charges for, its working, the section and readings it rests on."""

    code: str
    description: str
    working: str
    amount: Decimal
    section: str
    interpretations: tuple[str, ...]
    gallons: Decimal | None = None

    def as_row(self) -> dict[str, str]:
        """The line item as strings, for a Decision's breakdown and a bill's table."""
        row = {
            "item": self.code,
            "description": self.description,
            "working": self.working,
            "amount": format(self.amount, "f"),
            "section": self.section,
            "interpretations": ", ".join(self.interpretations),
        }
        if self.gallons is not None:
            row["gallons"] = num(self.gallons)
        return row


@dataclass(frozen=True)
class UserCharge:
    """A semiannual sewer user charge: the gallons billed, its line items and their total."""

    gallons_billed: Decimal
    line_items: tuple[LineItem, ...]
    minimum_governs: bool

    @property
    def total(self) -> Decimal:
        return sum((item.amount for item in self.line_items), Decimal("0.00"))

    @property
    def surcharge(self) -> Decimal:
        return sum((i.amount for i in self.line_items if i.code.startswith("strength-")), Decimal("0.00"))


def charge_parameters(
    view: ParameterView, rate_per_gallon: Decimal | None = None, *, strength: bool = True
) -> ChargeParameters:
    """The rate, minimum and (with ``strength``) strength values from ``view``, a view of the period's
    last day (I-43); a decision lists only what was read, so a plain charge does not cite I-03.

    A ``rate_per_gallon`` given here (a what-if rate stated in the facts) replaces the Board's rate and
    is not read from the parameters.
    """
    normal: dict[str, Decimal] = {}
    rates: dict[str, Decimal] = {}
    if strength:
        formula = view["charges.strength_formula"]
        if formula != "excess_pounds":
            raise ValueError(f"charges.strength_formula {formula!r} is not a formula sewerworks knows (I-03)")
        normal = {k: Decimal(v) for k, v in view.table("discharge.normal_strength").items()}
        rates = {k: Decimal(v) for k, v in view.table("charges.strength_rates").items()}
    return ChargeParameters(
        rate_per_gallon=view.number("charges.rate_per_gallon") if rate_per_gallon is None else rate_per_gallon,
        minimum_charge=view.number("charges.minimum_charge"),
        minimum_charge_gallons=view.number("charges.minimum_charge_gallons"),
        normal_strength=normal,
        strength_rates=rates,
        rate_stated_in_facts=rate_per_gallon is not None,
    )


def _line(
    code: str,
    description: str,
    working: str,
    exact: Decimal,
    interpretations: tuple[str, ...],
    *,
    section: str = SECTION,
    gallons: Decimal | None = None,
) -> LineItem:
    """A line item rounded half up to cents from its exact working (I-23): the only rounding of a charge."""
    return LineItem(code, description, working, to_cents(exact), section, interpretations, gallons)


def money(amount: Decimal) -> str:
    """Dollars as on a bill: $1,234.50; a rate keeps its own places: $0.0035."""
    exponent = amount.normalize().as_tuple().exponent
    places = max(2, -exponent) if isinstance(exponent, int) else 2
    return f"${amount:,.{places}f}"


def quantity(value: Decimal) -> str:
    """A measured quantity with thousands separators and no trailing zeros: 8,000; 7,480.52; 166.8."""
    return format(value.normalize(), ",f")


def gallons_text(gallons: Decimal) -> str:
    return f"{quantity(gallons)} gal"


def first_gallons(gallons: Decimal, p: ChargeParameters) -> LineItem:
    """§118-52: "In no way shall there be less than a minimum charge of $10 for the first 5,000 gallons or less"
    (I-24): the first block costs the greater of the minimum and the rate times its gallons."""
    first = min(gallons, p.minimum_charge_gallons)
    at_rate = p.rate_per_gallon * first
    block = f"first {p.minimum_charge_gallons:,.0f} gallons or less"
    if at_rate >= p.minimum_charge:  # max($10, rate × gallons) on the exact product; the line rounds after
        working = f"{gallons_text(first)} × {money(p.rate_per_gallon)}/gal (not less than {money(p.minimum_charge)})"
        return _line("first-gallons", f"Water used, {block}", working, at_rate, ("I-24",), gallons=first)
    working = (
        f"minimum charge {money(p.minimum_charge)}, more than {gallons_text(first)} × "
        f"{money(p.rate_per_gallon)}/gal = {money(to_cents(at_rate))}"
    )
    return _line("minimum-charge", f"Minimum charge, {block}", working, p.minimum_charge, ("I-24",), gallons=first)


def gallons_beyond_minimum(gallons: Decimal, p: ChargeParameters) -> LineItem | None:
    """Gallons beyond the first 5,000 are charged at the per-gallon rate (I-24)."""
    beyond = gallons - p.minimum_charge_gallons
    if beyond <= 0:
        return None
    working = f"{gallons_text(beyond)} × {money(p.rate_per_gallon)}/gal"
    description = f"Water used beyond {p.minimum_charge_gallons:,.0f} gallons"
    return _line("gallons-beyond", description, working, p.rate_per_gallon * beyond, ("I-24",), gallons=beyond)


def excess_pounds(gallons: Decimal, measured: Decimal, normal: Decimal) -> Decimal:
    """Pounds above normal strength in the period's flow (I-03): gallons × 8.34 × 10⁻⁶ × excess mg/L."""
    return gallons * WATER_LB_PER_GALLON_PER_MG_L * max(ZERO, measured - normal)


def strength_surcharge(gallons: Decimal, constituent: str, measured: Decimal, p: ChargeParameters) -> LineItem | None:
    """§118-52: "The strength of large or industrial uses shall be measured by the district, and the semiannual
    charges will be based on the above formula" (I-03): a surcharge per excess pound, none at or below
    normal sanitary sewage strength (§118-37 Subsection C)."""
    normal = p.normal_strength[constituent]
    if measured <= normal:
        return None
    pounds = excess_pounds(gallons, measured, normal)
    rate = p.strength_rates[constituent]
    name = CONSTITUENTS[constituent]
    working = (
        f"{gallons_text(gallons)} × 8.34 × 10⁻⁶ × ({num(measured)} − {num(normal)}) mg/L = {quantity(pounds)} lb"
        f" × {money(rate)}/lb"
    )
    return _line(f"strength-{constituent}", f"Strength surcharge, {name}", working, pounds * rate, ("I-03", "I-23"))


def wash_water_excluded(wash_gallons: Decimal) -> LineItem:
    """§118-6: the separately metered water "used in actually washing vehicles" is not sewer usage (I-44)."""
    return LineItem(
        "wash-water-excluded",
        "Vehicle-wash water, separately metered, excluded from sewer usage",
        f"{gallons_text(wash_gallons)} not billed",
        Decimal("0.00"),
        "118-6",
        ("I-44",),
        -wash_gallons,
    )


def rate_user_charge(
    gallons: Decimal,
    p: ChargeParameters,
    *,
    strength: Mapping[str, Decimal] | None = None,
    wash_gallons: Decimal = ZERO,
) -> UserCharge:
    """The charge for ``gallons`` of water used in a period (all meters), less vehicle-wash water (I-44),
    rated by I-24 and surcharged for strength by I-03."""
    if gallons < 0 or wash_gallons < 0:
        raise ValueError("gallons and wash gallons cannot be negative")
    if wash_gallons > gallons:
        raise ValueError(f"wash water ({num(wash_gallons)} gal) is more than the water used ({num(gallons)} gal)")
    if strength and not p.normal_strength:
        raise ValueError("strength was measured but the strength parameters were not read (charge_parameters)")
    billed = gallons - wash_gallons
    items: list[LineItem] = [wash_water_excluded(wash_gallons)] if wash_gallons else []
    first = first_gallons(billed, p)
    items.append(first)
    beyond = gallons_beyond_minimum(billed, p)
    if beyond is not None:
        items.append(beyond)
    for constituent in CONSTITUENTS:
        measured = (strength or {}).get(constituent)
        line = None if measured is None else strength_surcharge(billed, constituent, measured, p)
        if line is not None:
            items.append(line)
    return UserCharge(billed, tuple(items), first.code == "minimum-charge")
