"""The New York property class of a parcel by name: "210" is "One family year-round residence".

Assessors code every parcel with the State's three-digit property type classification (the category in the
first digit, the division in the second, the subdivision in the third). The table is data
(``property_classes.txt``); a code it does not list is named by its division or, failing that, its category,
and said so ("219: Residential (category 200)"), never shown bare.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

TABLE = Path(__file__).with_name("property_classes.txt")


@cache
def property_classes() -> dict[str, str]:
    """Code -> name, as the table lists them."""
    names: dict[str, str] = {}
    for number, line in enumerate(TABLE.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        code, _, name = line.partition("\t")
        if not (len(code) == 3 and code.isdigit() and name.strip()) or code in names:
            raise ValueError(f"{TABLE.name} line {number}: expected a new three-digit code, a tab and a name")
        names[code] = name.strip()
    return names


def property_class_name(code: str) -> str:
    """The name of the property class ``code``: its own, or its division's or category's (saying which);
    '' for no code; for a code that is not a New York class, a sentence saying so."""
    code = (code or "").strip()
    if not code:
        return ""
    table = property_classes()
    if code in table:
        return table[code]
    if len(code) != 3 or not code.isdigit():
        return f"not a New York property class code ({code!r})"
    for parent, level in ((code[:2] + "0", "division"), (code[0] + "00", "category")):
        if parent in table:
            return f"{table[parent]} ({level} {parent})"
    return "not a New York property class code"


def property_class_label(code: str) -> str:
    """ "210 One family year-round residence", as lists and pages show it; '' for no code."""
    name = property_class_name(code)
    return f"{code.strip()} {name}" if name else ""
