"""The pretreatment trail says what happened, when, and who did it: the Town Engineer's review dates each limit
exceeded by the days it was exceeded and says what its finding says (pH outside its range, not "above"); a
violation opened by an import is recorded by the person who imported, never by the daily sweep."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from sewerworks.enforcement.models import Violation
from sewerworks.pretreatment.models import EngineerReview

pytestmark = pytest.mark.django_db
HEADER = "sample_id,sampling_point,start,end,sample_type,parameter,result,qualifier,detection_limit,unit,method,lab\n"


def _import(tmp_path: Path, rows: list[str], user: Any) -> None:
    lab = tmp_path / "lab.csv"
    lab.write_text(HEADER + "".join(rows))
    call_command("import_results", str(lab), as_user=user.username)


def _zinc(day: int, value: str) -> str:
    return (f"Z{day},CM-1,2026-11-{day - 1:02d}T08:00,2026-11-{day:02d}T08:00,composite,zinc,{value},,,mg/L,"
            "EPA 200.7,HVL\n")  # fmt: skip


def test_the_review_dates_a_30_day_zinc_exceedance_by_its_own_days(manhole: Any, staff: Any, tmp_path: Path) -> None:
    """BOD above 300 on 2026-10-27 opens the review; zinc's 30-day average then exceeds its 1.2 mg/L limit on
    2026-11-20 and 2026-11-27: the zinc line is dated 2026-11-20, not the BOD's day."""
    bod = "B1,CM-1,2026-10-26T08:00,2026-10-27T08:00,composite,bod,420,,,mg/L,SM 5210 B,HVL\n"
    _import(tmp_path, [bod, _zinc(20, "2.0"), _zinc(27, "2.0")], staff.superintendent)
    review = EngineerReview.objects.get()
    zinc = [t for t in review.triggers if t["sentence"].startswith("Zinc")]
    assert [t["day"] for t in zinc] == ["2026-11-20"]
    assert zinc[0]["sentence"] == (
        "Zinc, 30-day average: 2 mg/L exceeds the limit of 1.2 mg/L. So on 2 days, 2026-11-20 to 2026-11-27."
    )
    assert all(t["day"] != "2026-10-27" for t in zinc)
    assert review.opened_on == dt.date(2026, 10, 27)


def test_ph_below_the_range_is_outside_it_in_the_review_never_above(manhole: Any, staff: Any, tmp_path: Path) -> None:
    _import(tmp_path, ["P1,CM-1,2026-11-02T10:15,2026-11-02T10:15,grab,ph,5.8,,,pH,SM 4500-H+ B,HVL\n"],
            staff.superintendent)  # fmt: skip
    sentences = [t["sentence"] for t in EngineerReview.objects.get().triggers]
    assert sentences == ["pH 5.8 is outside the permissible range of 6.0 to 9.0."]
    assert not any("above" in s for s in sentences)


def test_a_violation_opened_by_the_superintendents_import_is_recorded_by_the_superintendent(
    manhole: Any, staff: Any, tmp_path: Path, client: Any
) -> None:
    _import(tmp_path, [_zinc(20, "3.0")], staff.superintendent)
    violation = Violation.objects.get()
    change = violation.status_changes.get()
    assert violation.created_by == staff.superintendent and change.by == staff.superintendent
    client.force_login(staff.superintendent)
    page = client.get(f"/enforcement/violations/{violation.pk}/").content.decode()
    assert "Daily sweep" not in page
