"""The fund of an amount (§118-53: bills are payable "to the Marlboro Sewer Improvement or Milton Sewer
Improvement Area"; I-11: revenue is reported per area; I-126).

The fund of a ledger entry or a payment is its parcel's Sewer Improvement Area; a contract user's parcel lies
outside both (§118-29.1), and its money goes to the revenue area of its approved agreement. The programs that
know such an area (``contracts``) say so through :func:`register_fund_source` (billing imports no program).
An amount with neither is credited to no area and reported on its own line, so that every total still adds up.

A deposit keeps the fund each item was credited to when it closed (``DepositItem.fund``): a later change of
boundary or agreement never moves money already turned over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import BigIntegerField, F, Q
from django.db.models.functions import Coalesce

from sewerworks.registry.models import ImprovementArea

NO_AREA = "No Sewer Improvement Area"
FundSource = Callable[[str], Any]  # the path to an account id -> an expression of an area id (or NULL)
_SOURCES: list[FundSource] = []


def register_fund_source(source: FundSource) -> None:
    """A program adds the area an account's money goes to when its parcel lies in none (once per source)."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def fund_expression(parcel: str = "parcel", account: str = "account") -> Any:
    """An expression of the fund (an area id, or NULL) of the rows of a queryset whose parcel and account are
    reached by the paths ``parcel`` and ``account``."""
    area = F(f"{parcel}__improvement_area_id")
    others = [source(f"{account}_id" if "__" not in account else f"{account}__id") for source in _SOURCES]
    return Coalesce(area, *others, output_field=BigIntegerField()) if others else area


@dataclass(frozen=True)
class Fund:
    """A fund as a report names it: the area (None: no area), its name and code."""

    id: int | None
    name: str
    code: str

    @property
    def key(self) -> str:
        return self.code or "none"


def funds() -> list[Fund]:
    """Every area's fund, by name, then the fund of no area."""
    rows = [
        Fund(pk, name, code)
        for pk, name, code in ImprovementArea.objects.order_by("name").values_list("pk", "name", "code")
    ]
    return [*rows, Fund(None, NO_AREA, "")]


def fund_named(fund_id: int | None, known: dict[int | None, Fund] | None = None) -> Fund:
    table = known if known is not None else {f.id: f for f in funds()}
    return table.get(fund_id) or Fund(fund_id, f"Area {fund_id}", str(fund_id))


def in_fund(fund_id: int | None, field: str = "fund") -> Q:
    return Q(**{f"{field}__isnull": True}) if fund_id is None else Q(**{field: fund_id})
