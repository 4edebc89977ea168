"""Every CSV the product writes opens formulas as text (OWASP CSV injection) and numbers as numbers."""

from __future__ import annotations

import csv
import io

import pytest

from sewerworks.core.documents.csvsafe import csv_bytes, neutralise


@pytest.mark.parametrize(
    "cell",
    [
        '=HYPERLINK("http://evil.example","click")',
        "@SUM(A1:A9)",
        "=cmd|' /C calc'!A0",
        "+1+cmd|'/c calc'!A0",
        "-2+3",
        "\tleading tab",
        "\rleading return",
        "=1",
        "-",
        "+",
        "@",
        "-1-1",
        "- 5",
        "-5 apples",
        "=-5",
    ],
)
def test_a_text_cell_a_spreadsheet_would_run_is_written_after_a_single_quote(cell: str) -> None:
    assert neutralise(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["-5", "+3", "-1,234.50", "-0.25", "1e3", "-2E-3", ".5", "plain text", "", "a=b"])
def test_a_plain_number_or_harmless_text_is_left_as_it_is(cell: str) -> None:
    assert neutralise(cell) == cell


@pytest.mark.parametrize("value", [-5, 3.5, None])
def test_values_that_are_not_text_are_never_touched(value: object) -> None:
    assert neutralise(value) == value


def test_a_whole_file_keeps_its_byte_order_mark_and_reads_back_neutralised() -> None:
    data = csv_bytes(["name", "amount"], [['=HYPERLINK("x")', "-5"], ["Jane, Roe", -7]])
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows == [["name", "amount"], ['\'=HYPERLINK("x")', "-5"], ["Jane, Roe", "-7"]]


def test_no_module_of_the_product_writes_csv_but_through_csvsafe() -> None:
    """Every CSV the product writes (reject files, exports) goes through core.documents.csvsafe: a writer made with
    csv.writer or csv.DictWriter anywhere else would let formulas through."""
    from pathlib import Path

    import sewerworks

    root = Path(sewerworks.__file__).parent
    offenders = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if "tests" not in path.relative_to(root).parts
        and path.name != "csvsafe.py"
        and any(call in path.read_text(encoding="utf-8") for call in ("csv.writer(", "csv.DictWriter("))
    ]
    assert offenders == []
