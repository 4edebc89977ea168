"""A county file layout as data (``billing.taxroll.columns``): columns by name, order and width, CSV or fixed
width; rows written and read back to the cent; every wrong layout, row or file refused naming where."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from sewerworks.billing.taxroll.columns import ColumnMap, LayoutError

FIELDS = ("key", "amount", "owner", "year")
FIXED: dict[str, Any] = {
    "name": "sample", "version": 2, "format": "fixed", "note": "a test layout",
    "columns": [{"name": "KEY", "field": "key", "width": 12},
                {"name": "AMOUNT", "field": "amount", "kind": "cents", "width": 9, "align": "right", "pad": "0"},
                {"name": "OWNER", "field": "owner", "width": 16},
                {"name": "YEAR", "field": "year", "kind": "integer", "width": 4}],
}  # fmt: skip
ROWS = [{"key": "108.12-3-45", "amount": Decimal("43.03"), "owner": "SMITH JOHN", "year": 2027},
        {"key": "108-1-2.1", "amount": Decimal("1234.50"), "owner": "O'NEIL  ANNE", "year": 2027}]  # fmt: skip


def written(layout: ColumnMap, rows: list[dict[str, Any]]) -> str:
    import io

    out = io.StringIO(newline="")
    assert layout.write(rows, out) == len(rows)
    return out.getvalue()


def test_fixed_width_rows_are_padded_to_their_columns_and_read_back_to_the_cent() -> None:
    layout = ColumnMap.from_spec(FIXED, fields=FIELDS)
    text = written(layout, ROWS)
    assert text.splitlines()[0] == "108.12-3-45 000004303SMITH JOHN      2027"
    assert all(len(line) == 41 for line in text.splitlines())
    back = layout.read(text)
    assert back == [{**ROWS[0]}, {**ROWS[1], "owner": "O'NEIL ANNE"}]  # one line of text: runs of spaces folded


def test_a_csv_layout_has_a_header_of_its_names_in_its_order_and_reads_back() -> None:
    spec = {**FIXED, "format": "csv", "columns": [{**c, "width": 0} for c in reversed(FIXED["columns"])]}
    spec["columns"][2] = {"name": "AMOUNT", "field": "amount", "kind": "money"}
    layout = ColumnMap.from_spec(spec, fields=FIELDS)
    text = written(layout, [{**ROWS[0], "owner": "=HYPERLINK(1)"}])
    assert text.splitlines() == ["YEAR,OWNER,AMOUNT,KEY", "2027,'=HYPERLINK(1),43.03,108.12-3-45"]
    assert layout.read(text) == [{**ROWS[0], "owner": "=HYPERLINK(1)"}]
    assert ColumnMap.from_spec(layout.to_spec(), fields=FIELDS) == layout  # the spec round-trips


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"name": "Bad Name"}, "name"),
        ({"version": 0}, "version"),
        ({"format": "xml"}, "format"),
        ({"columns": []}, "columns"),
        ({"columns": [{"name": "X", "field": "nope", "width": 3}]}, "columns[0].field"),
        ({"columns": [{"name": "X", "field": "key"}]}, "columns[0].width"),
        ({"columns": [{"name": "X", "field": "key", "width": 3, "kind": "float"}]}, "columns[0].kind"),
        ({"columns": [{"name": "X", "field": "key", "width": 3}, {"name": "X", "field": "owner", "width": 3}]},
         "columns"),
    ],
)  # fmt: skip
def test_a_wrong_layout_is_refused_naming_where(change: dict[str, Any], where: str) -> None:
    with pytest.raises(LayoutError) as refused:
        ColumnMap.from_spec({**FIXED, **change}, fields=FIELDS)
    assert refused.value.where == where


def test_a_value_wider_than_its_column_is_refused_never_cut_short() -> None:
    layout = ColumnMap.from_spec(FIXED, fields=FIELDS)
    with pytest.raises(LayoutError, match="row 1, column OWNER: 'A VERY LONG OWNER NAME INC' is 26 characters"):
        written(layout, [{**ROWS[0], "owner": "A VERY LONG OWNER NAME INC"}])


def test_a_file_that_does_not_fit_is_refused_naming_the_line_and_column() -> None:
    layout = ColumnMap.from_spec(FIXED, fields=FIELDS)
    with pytest.raises(LayoutError, match="line 2: 40 characters, not this layout's 41"):
        layout.read("108.12-3-45 000004303SMITH JOHN      2027\r\n108.12-3-45 000004303SMITH JOHN      207\r\n")
    with pytest.raises(LayoutError, match="line 1, column AMOUNT: 'A303' is not a whole number"):
        layout.read("108.12-3-45 00000A303SMITH JOHN      2027")
    csv = ColumnMap.from_spec({**FIXED, "format": "csv"}, fields=FIELDS)
    with pytest.raises(LayoutError, match="line 1: the header is"):
        csv.read("KEY,OWNER\r\n")
