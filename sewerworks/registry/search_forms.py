"""What people type, in the forms the registry stores (for ``search.search``).

An address is typed "68 Main Street" or "68 main st", "North Rd" or "N Road": each query is tried in its
typed form and with every street suffix and direction word in its other spelling (Street/St, Road/Rd,
North/N, ...), so that a prefix search on the stored form finds it whichever way the roll spelled it. An
owner is typed "Robert Evans" or "Evans, Robert"; the roll writes surname first ("EVANS ROBERT"), so a
name of two or three words is also tried with its last word first.
"""

from __future__ import annotations

import re
from itertools import product

from sewerworks.registry.models.parcels import normalise_search
from sewerworks.registry.search_backends.base import tax_map_compact

# Long form -> USPS abbreviation (Publication 28), for the suffixes and directions of Marlborough's roads.
SPELLINGS: dict[str, str] = {
    "street": "st",
    "road": "rd",
    "avenue": "ave",
    "lane": "ln",
    "drive": "dr",
    "court": "ct",
    "place": "pl",
    "terrace": "ter",
    "turnpike": "tpke",
    "highway": "hwy",
    "boulevard": "blvd",
    "circle": "cir",
    "extension": "ext",
    "heights": "hts",
    "mountain": "mtn",
    "route": "rte",
    "north": "n",
    "south": "s",
    "east": "e",
    "west": "w",
}
OTHER = {**SPELLINGS, **{short: long for long, short in SPELLINGS.items()}}
MAX_FORMS = 8


def address_forms(query: str) -> list[str]:
    """The normalised query and its spellings with suffixes and directions swapped, typed form first."""
    words = [w if any(c.isdigit() for c in w) else w.rstrip(".") for w in normalise_search(query).split()]
    words = [w for w in words if w]  # "St." is "st"; a tax map number keeps its dots
    if not words:
        return []
    choices = [[w, OTHER[w]] if w in OTHER else [w] for w in words]
    forms: list[str] = []
    for combination in product(*choices):
        form = " ".join(combination)
        if form not in forms:
            forms.append(form)
        if len(forms) >= MAX_FORMS:
            break
    return forms


def name_forms(query: str) -> list[str]:
    """The normalised name, and for two or three words, the last word first ("robert evans" -> "evans robert")."""
    typed = normalise_search(query)
    words = typed.split()
    forms = [typed] if typed else []
    if 2 <= len(words) <= 3 and "," not in query:
        turned = " ".join([words[-1], *words[:-1]])
        if turned not in forms:
            forms.append(turned)
    return forms


TAX_MAP_TYPED = re.compile(r"^\d+(?:\.\d+)?(?:[\s/-]+[\d.]+)+$")


def tax_map_forms(query: str) -> list[str]:
    """The tax map number as typed and, typed with spaces or slashes for its dashes ("103.11 5 11",
    "103.11/5/11"), as the roll writes it ("103.11-5-11")."""
    typed = query.strip()
    forms = [typed] if typed else []
    if TAX_MAP_TYPED.match(typed):
        dashed = re.sub(r"[\s/-]+", "-", typed)
        if dashed not in forms:
            forms.append(dashed)
    return forms


TAX_MAP_COMPACT_TYPED = re.compile(r"^\d[\d.\s/-]*$")
MIN_COMPACT = 4


def tax_map_compact_form(query: str) -> str | None:
    """A query of digits and separators only, as a tax map number without separators, when it has at least
    four digits: "108.12-3-45", "108123 45" and "10812345" are all "10812345", and find every parcel whose
    number, with its separators taken out, starts with those digits (the digits alone cannot say where the
    section, block and lot divide, so "108.12-3-45" and "108.1-23-45" are both found: the exact number
    typed with its separators comes first). "68 Main" (letters) and "68" (too few digits) are not."""
    typed = query.strip()
    if not TAX_MAP_COMPACT_TYPED.match(typed):
        return None
    compact = tax_map_compact(typed)
    return compact if len(compact) >= MIN_COMPACT else None
