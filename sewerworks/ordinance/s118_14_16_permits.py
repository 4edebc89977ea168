"""§§ 118-14 to 118-16 Permits: who needs one, the building sewer permit's classes and fee, the owner's costs.

    No unauthorized person shall uncover, make any connections with or opening into, use, alter or
    disturb any public sewer or appurtenance thereof without first obtaining a written permit from the
    Town Board.                                                                            (§ 118-14)

    [Classes.] In either case, the owner or his agent shall make the application on special forms
    furnished by the town. [...] A permit and inspection fee in an amount as set by resolution of the
    Town Board for a sewer permit shall be paid to the Town Clerk at the time the application is filed.
                                                        (§ 118-15, amended 8-22-1994 by L.L. No. 2-1994)

    All costs and expenses incident to the installation and connection of the building sewer shall be
    borne by the owner. The owner shall pay for and indemnify the town from any loss or damage that may,
    directly or indirectly, be occasioned by the installation of the building sewer.     (§ 118-16)

I-01: two classes, Class 1 residential and commercial service, Class 2 establishments producing
industrial wastes (whose application describes the wastewater's constituents, characteristics and
activity). I-88: the fee for the class, from ``permits.building_sewer_fee`` in force on the filing date,
is paid at filing; an application without it stays "submitted".
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from sewerworks.ordinance.decision import Amount
from sewerworks.ordinance.parameters import ParameterView

PermitClass = Literal["class_1", "class_2"]
CLASS_NAMES: dict[str, str] = {
    "class_1": "Class 1 (residential and commercial service)",
    "class_2": "Class 2 (establishments producing industrial wastes)",
}
OWNER_RESPONSIBILITY = (
    "All costs and expenses incident to the installation and connection of the building sewer shall be borne "
    "by the owner. The owner shall pay for and indemnify the town from any loss or damage that may, directly "
    "or indirectly, be occasioned by the installation of the building sewer. (§118-16)"
)
OPENING_PERMIT = (
    "No unauthorized person shall uncover, make any connections with or opening into, use, alter or disturb "
    "any public sewer or appurtenance thereof without first obtaining a written permit from the Town Board. "
    "(§118-14)"
)


class NoSuchClass(ValueError):
    """A permit class the fee table does not list."""


def permit_fee(permit_class: str, view: ParameterView) -> Amount:
    """The permit and inspection fee for a building sewer permit of the class, in force on the view's day (I-88).

    Raises ``NotInForce`` before any fee took effect and :class:`NoSuchClass` for a class not in the table."""
    table = view.table("permits.building_sewer_fee")
    if permit_class not in table:
        known = ", ".join(sorted(table))
        raise NoSuchClass(f"permit class {permit_class!r} has no fee (classes: {known}) (§118-15, I-01)")
    return Amount(
        key="permit_fee",
        name=f"Permit and inspection fee, {CLASS_NAMES.get(permit_class, permit_class)}",
        value=table[permit_class],
        section="118-15",
    )


def fee_on(permit_class: str, view_for: ParameterView, filed_on: date) -> Amount:
    """Same as :func:`permit_fee`, checking the view is of the filing day (the fee in force when filed)."""
    if view_for.on != filed_on:
        raise ValueError(f"the fee is read on the filing date {filed_on.isoformat()}, not {view_for.on.isoformat()}")
    return permit_fee(permit_class, view_for)
