"""The I-03 strength surcharge of a plain bill, in SQL: the bill ``s118_52_charges.strength_surcharge`` writes,
to the character, for an account with one sewer-use meter whose strength was recorded for the period.

Integer arithmetic only. Per constituent: the measured and normal strengths in hundredths of a mg/L (the
record's two places), the excess E = max(0, measured − normal); the pounds P = x5 · 834 · E in 10⁻¹⁵ lb
(x5: hundred-thousandths of a gallon, 834: the 8.34 × 10⁻⁶ lb per gallon per mg/L in 10⁻⁸), exactly the
Decimal the Python path computes; the line is P · rate rounded half up to cents (I-23), with the rate × 100 =
n/d. P is split into whole pounds A and the rest B so that no product leaves 64 bits: cents =
A·n div d + (2·(A·n mod d)·10¹⁵ + 2·B·n + 10¹⁵·d) div (2·10¹⁵·d). An account whose pounds would not fit
(``guard``), or with a negative strength, is left to the Python path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection

from sewerworks.ordinance.money import plain
from sewerworks.ordinance.s118_52_charges import CONSTITUENTS, ChargeParameters, money

POUND = 10**15  # P is in 10⁻¹⁵ lb
FACTOR = 834  # 8.34 × 10⁻⁶ lb per gallon per mg/L, in 10⁻⁸
MAX_X5_TIMES_E = 4 * 10**15  # P = x5 · 834 · E stays under 4 × 10¹⁸ (2·P fits a signed 64-bit integer)


@dataclass(frozen=True)
class Constituent:
    """One constituent's values in force on the period's last day (I-43), as SQL integers and text."""

    key: str  # bod, suspended_solids, chlorine_demand: the strength record's column and the facts' key
    name: str  # "BOD"
    normal: int  # hundredths of a mg/L
    normal_text: str  # num(normal)
    n: int  # rate per pound × 100 = n / d
    d: int
    rate_text: str  # money(rate)


def constituents(p: ChargeParameters) -> tuple[Constituent, ...] | None:
    """None (the Python path bills every strength record) when a value is not in the SQL's integers."""
    out = []
    for key, name in CONSTITUENTS.items():
        normal, rate = p.normal_strength.get(key), p.strength_rates.get(key)
        if normal is None or rate is None or normal < 0 or rate < 0 or normal * 100 != int(normal * 100):
            return None
        n, d = (rate * 100).as_integer_ratio()
        if n > 1000 or d > 1000:
            return None
        out.append(Constituent(key, name, int(normal * 100), plain(Decimal(normal)), n, d, money(rate)))
    return tuple(out)


def column(alias: str, key: str) -> str:
    """SQL: the record's strength in hundredths of a mg/L, an integer (SQLite keeps 480.5 as a real)."""
    kind = "bigint" if connection.vendor == "postgresql" else "INTEGER"
    return f"CAST(round({alias}.{key} * 100) AS {kind})"


def _excess(c: Constituent, v: str) -> str:
    return f"({v} - {c.normal})"


def guard(cs: tuple[Constituent, ...], x5: str, values: dict[str, str]) -> str:
    """SQL: true when the SQL can bill this strength (every excess's pounds fit; no negative strength)."""
    terms = []
    for c in cs:
        v = values[c.key]
        terms.append(
            f"({v} IS NULL OR ({v} >= 0 AND ({v} <= {c.normal} OR {x5} = 0"
            f" OR {_excess(c, v)} < {MAX_X5_TIMES_E} / {x5})))"
        )
    return " AND ".join(terms)


def _pounds(c: Constituent, x5: str, v: str) -> str:
    return f"({x5} * {FACTOR} * {_excess(c, v)})"


def cents(c: Constituent, x5: str, v: str) -> str:
    """SQL: the constituent's surcharge in cents (0 at or below normal, or not measured)."""
    p = _pounds(c, x5, v)
    a, b = f"({p} / {POUND})", f"({p} %% {POUND})"
    whole = f"({a} * {c.n})"
    rest = f"((2 * ({whole} %% {c.d}) * {POUND} + 2 * {b} * {c.n} + {POUND * c.d}) / {2 * POUND * c.d})"
    return f"(CASE WHEN {v} > {c.normal} THEN {whole} / {c.d} + {rest} ELSE 0 END)"


def total_cents(cs: tuple[Constituent, ...], x5: str, values: dict[str, str]) -> str:
    return " + ".join(cents(c, x5, values[c.key]) for c in cs)


def _num_text(v: str) -> str:
    """SQL: hundredths as ``num`` writes the Decimal (no trailing zeros, no separators): 480, 480.5."""
    pad = (
        f"lpad(CAST({v} %% 100 AS text), 2, '0')"
        if connection.vendor == "postgresql"
        else f"printf('%%02d', {v} %% 100)"
    )
    return f"(CAST({v} / 100 AS text) || CASE WHEN {v} %% 100 = 0 THEN '' ELSE '.' || rtrim({pad}, '0') END)"


def _pounds_text(p: str, int_text: str) -> str:
    """SQL: 10⁻¹⁵ lb as ``quantity`` writes the Decimal: 150.12; 1,234.5 (``int_text`` adds separators)."""
    frac = f"{p} %% {POUND}"
    pad = f"lpad(CAST({frac} AS text), 15, '0')" if connection.vendor == "postgresql" else f"printf('%%015d', {frac})"
    return f"({int_text} || CASE WHEN {frac} = 0 THEN '' ELSE '.' || rtrim({pad}, '0') END)"


def facts(cs: tuple[Constituent, ...], values: dict[str, str]) -> str:
    """SQL text: ``, "strength": {"bod": "480", ...}`` (the recorded constituents), or '' when none."""
    parts = " || ".join(
        f"CASE WHEN {values[c.key]} IS NULL THEN '' ELSE ', \"{c.key}\": \"' || {_num_text(values[c.key])} || '\"' END"
        for c in cs
    )
    none = " AND ".join(f"{values[c.key]} IS NULL" for c in cs)
    return f"(CASE WHEN {none} THEN '' ELSE ', \"strength\": {{' || substr({parts}, 3) || '}}' END)"


def line_selects(
    cs: tuple[Constituent, ...], x5: str, values: dict[str, str], int_text: Callable[[str], str]
) -> list[tuple[Constituent, str, str, str, str]]:
    """Per constituent: (it, condition, lines before it, working after the gallons, cents) in SQL; the lines
    before it are the constituents before it that had a line (``int_text`` writes thousands separators)."""
    out = []
    for i, c in enumerate(cs):
        v = values[c.key]
        before = " + ".join(f"(CASE WHEN {values[o.key]} > {o.normal} THEN 1 ELSE 0 END)" for o in cs[:i]) or "0"
        p = _pounds(c, x5, v)
        working = (
            f"' gal × 8.34 × 10⁻⁶ × (' || {_num_text(v)} || ' − {c.normal_text}) mg/L = '"
            f" || {_pounds_text(p, int_text(f'{p} / {POUND}'))} || ' lb × {c.rate_text}/lb'"
        )
        out.append((c, f"{v} > {c.normal}", before, working, cents(c, x5, v)))
    return out
