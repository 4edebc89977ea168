"""The county's settlement read and reconciled (§118-53, I-121): what the county credits the town for an export,
parcel by parcel, against what the export asked.

The county's file is read through the export's own layout (``columns``): it needs a print key and an amount
column. Entered lines are (print key, amount). Each print key is matched to the export's rows; the differences
are listed: a parcel exported and not credited, credited and not exported (or an unknown print key), or
credited another amount.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from sewerworks.billing.models import CountySettlement, SettlementLine, TaxRollExport
from sewerworks.billing.taxroll.columns import ColumnMap, LayoutError
from sewerworks.billing.taxroll.export import FIELDS

ZERO = Decimal("0.00")


def layout_of(export: TaxRollExport) -> ColumnMap:
    return ColumnMap.from_spec(export.layout.spec, fields=FIELDS)


def exported(export: TaxRollExport) -> list[dict[str, object]]:
    """The export's rows, read back from its file through its layout."""
    with export.file.open("rb") as handle:
        text = handle.read().decode("utf-8-sig")
    return layout_of(export).read(text)


def read_settlement(export: TaxRollExport, text: str) -> list[tuple[str, Decimal]]:
    """(print key, amount) of each row of the county's file, read through the export's layout."""
    layout = layout_of(export)
    have = {c.field for c in layout.columns}
    if not {"print_key", "amount"} <= have:
        raise LayoutError("layout", f"{layout.label} has no print key or no amount column: the settlement "
                          "cannot be matched to parcels")  # fmt: skip
    return [(str(row["print_key"]), Decimal(str(row["amount"]))) for row in layout.read(text)]


@dataclass(frozen=True)
class Difference:
    print_key: str
    exported: Decimal
    credited: Decimal
    sentence: str


def reconcile(settlement: CountySettlement) -> list[Difference]:
    """Each print key whose credit differs from the export's amount, by print key."""
    asked: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for row in exported(settlement.export):
        asked[str(row["print_key"])] += Decimal(str(row["amount"]))
    credited: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for key, amount in SettlementLine.objects.filter(settlement=settlement).values_list("print_key", "amount"):
        credited[key] += amount
    out = []
    for key in sorted(set(asked) | set(credited)):
        want, got = asked.get(key, ZERO), credited.get(key, ZERO)
        if want == got:
            continue
        if key not in credited:
            text = f"{key}: exported ${want:,.2f}, not credited"
        elif key not in asked:
            text = f"{key}: credited ${got:,.2f}, not in the export"
        else:
            text = f"{key}: exported ${want:,.2f}, credited ${got:,.2f} ({got - want:+,.2f})"
        out.append(Difference(key, want, got, text))
    return out
