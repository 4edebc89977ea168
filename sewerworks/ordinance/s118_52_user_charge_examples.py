"""Worked examples of the ``user-charge`` topic, beside the rule (each one is a test, checked to the cent).

At the packaged (illustrative) rate of $0.003 per gallon and the $10 minimum for the first 5,000 gallons
(I-24); strength rates per pound BOD $0.30, suspended solids $0.25, chlorine demand $0.50 (I-03).
"""

from __future__ import annotations

from typing import Any

from sewerworks.ordinance.registry import Example

SPRING_2026 = {"period_start": "2025-10-01", "period_end": "2026-03-31"}
AUTUMN_2026 = {"period_start": "2026-04-01", "period_end": "2026-09-30"}
WORKED: dict[str, Any] = {**SPRING_2026, "gallons": 8000}

# (title, facts, outcome, the charge in dollars): tests check the charge to the cent.
CASES: tuple[tuple[str, dict[str, Any], str, str], ...] = (
    ("8,000 gallons at $0.003: $15.00 + $9.00 = $24.00 (I-24)", WORKED, "charge", "24.00"),
    ("2,000 gallons: the $10.00 minimum (I-24)", {**SPRING_2026, "gallons": 2000}, "minimum", "10.00"),
    ("No water used: still the $10.00 minimum", {**SPRING_2026, "gallons": 0}, "minimum", "10.00"),
    ("3,000 gallons cost $9.00 at the rate: the $10.00 minimum", {**SPRING_2026, "gallons": 3000}, "minimum", "10.00"),
    ("4,000 gallons cost $12.00, more than the minimum", {**SPRING_2026, "gallons": 4000}, "charge", "12.00"),
    ("5,000 gallons, all within the first block: $15.00", {**SPRING_2026, "gallons": 5000}, "charge", "15.00"),
    ("5,100 gallons: $15.00 + 100 × $0.003 = $15.30", {**SPRING_2026, "gallons": 5100}, "charge", "15.30"),
    (
        "At a rate of $0.0035 stated in the facts, 8,000 gallons: $17.50 + $10.50 = $28.00 (I-43's numbers)",
        {**AUTUMN_2026, "gallons": 8000, "rate_per_gallon": "0.0035"},
        "charge",
        "28.00",
    ),
    (
        "A period ending 2026-09-30 is rated on its last day: 8,000 gallons at $0.003 = $24.00 (I-43)",
        {**AUTUMN_2026, "gallons": 8000},
        "charge",
        "24.00",
    ),
    (
        "At $0.001 a gallon, 9,000 gallons: $10.00 + $4.00 = $14.00 (I-24)",
        {**SPRING_2026, "gallons": 9000, "rate_per_gallon": "0.001"},
        "minimum",
        "14.00",
    ),
    (
        "Reads 1,000 → 2,000 cubic feet: 7,480.52 gallons, $15.00 + $7.44 = $22.44",
        {**SPRING_2026, "reads": {"start": 1000, "end": 2000, "unit": "ft3"}},
        "charge",
        "22.44",
    ),
    (
        "Reads 998,000 → 3,000 on a 6-dial register roll over: 5,000 gallons, $15.00 (I-48)",
        {**SPRING_2026, "reads": {"start": 998000, "end": 3000}},
        "charge",
        "15.00",
    ),
    (
        "Reads 500,000 → 3,000 would mean 503,000 gallons: held for a person (I-48)",
        {**SPRING_2026, "reads": {"start": 500000, "end": 3000}},
        "held",
        "",
    ),
    (
        "100,000 gallons at BOD 500, SS 350, chlorine demand 20 mg/L: $300.00 + $50.04 + $2.09 = $352.13 (I-03)",
        {
            **SPRING_2026,
            "gallons": 100000,
            "user_class": "industrial",
            "strength": {"bod": 500, "suspended_solids": 350, "chlorine_demand": 20},
        },
        "charge",
        "352.13",
    ),
    (
        "A car wash using 60,000 gallons, 45,000 of them through its wash meter: 15,000 billed, $45.00 (I-44)",
        {**SPRING_2026, "gallons": 60000, "wash_gallons": 45000, "user_class": "commercial"},
        "charge",
        "45.00",
    ),
    (
        "An unmetered commercial user: the 60,000-gallon class estimate, $15.00 + $165.00 = $180.00 (I-27)",
        {**SPRING_2026, "unmetered": True, "user_class": "commercial", "meter_notice_on": "2026-01-05"},
        "estimate",
        "180.00",
    ),
)

# The deadlines a case sets, by title: the unmetered user's notice to install a meter (I-27).
DEADLINES: dict[str, dict[str, str]] = {CASES[-1][0]: {"install_meter": "2026-03-06"}}
EXAMPLES: tuple[Example, ...] = tuple(
    Example(title, facts, outcome, amounts={"charge": dollars} if dollars else {}, deadlines=DEADLINES.get(title, {}))
    for title, facts, outcome, dollars in CASES
)
