"""sewerworks import_reads FILE [--period PERIOD] [--valid-rows-only]: exit 0 when imported, 2 with every
row error when nothing was, and the reject file's path when only the valid rows went in."""

from __future__ import annotations

import datetime as dt
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from sewerworks.registry.models import MeterRead

pytestmark = pytest.mark.django_db


@pytest.fixture
def reads_file(make_account: Any, autumn: Any, tmp_path: Path) -> Path:
    meter = make_account(meters=[(10_000, None)]).meters.get()
    path = tmp_path / "wd-2026-09.csv"
    path.write_text(
        "meter_serial,account_number,read_on,reading,unit\n"
        f"{meter.serial},{meter.account.account_number},2026-09-30,18000,gal\n"
        f"{meter.serial},{meter.account.account_number},2026-10-16,18100,gal\n",
        encoding="utf-8",
    )
    return path


def run(path: Path, *args: str, user: Any) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_reads", str(path), "--as-user", user.username, *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_a_file_with_a_bad_row_exits_2_naming_the_row_and_imports_nothing(reads_file: Path, staff: Any) -> None:
    err = StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import_reads", str(reads_file), "--as-user", staff.clerk.username, stderr=err)
    assert refused.value.returncode == 2
    assert "Nothing was imported" in str(refused.value)
    assert "Row 3, read_on: 2026-10-16 is outside the read window" in err.getvalue()
    assert not MeterRead.objects.filter(read_on__gte=dt.date(2026, 9, 1)).exists()


def test_valid_rows_only_imports_the_good_row_and_prints_the_reject_file(reads_file: Path, staff: Any) -> None:
    out, err = run(reads_file, "--valid-rows-only", "--period", "2026-09-30", user=staff.clerk)
    assert "Imported" in out and "1 new" in out and "1 with errors" in out
    reject = Path(next(line for line in out.splitlines() if line.startswith("Reject file: ")).split(": ", 1)[1])
    assert "2026-10-16" in reject.read_text(encoding="utf-8") and "Row 3" in err
    assert MeterRead.objects.filter(read_on=dt.date(2026, 9, 30), reading=18_000).count() == 1


def test_a_clean_file_exits_0(reads_file: Path, staff: Any) -> None:
    reads_file.write_text("\n".join(reads_file.read_text().splitlines()[:2]) + "\n", encoding="utf-8")
    out, _ = run(reads_file, user=staff.clerk)
    assert "Imported" in out and "1 new" in out


def test_a_period_that_is_not_open_is_refused_by_name(reads_file: Path, staff: Any) -> None:
    with pytest.raises(CommandError, match="no billing period ends on 2027-03-31"):
        run(reads_file, "--period", "2027-03-31", user=staff.clerk)
    with pytest.raises(CommandError, match="give the period's last day"):
        run(reads_file, "--period", "autumn", user=staff.clerk)


def test_a_board_member_may_not_import_reads(reads_file: Path, staff: Any) -> None:
    with pytest.raises(CommandError, match="import the water district's meter reads"):
        run(reads_file, user=staff.board)
