"""The chart of a substance draws the 30-day average an exceedance rests on, and rings the days a limit was
exceeded: zinc at 2.0 mg/L on two days is within the 2.4 mg/L 24-hour limit each day, but its 30-day average is
above 1.2 mg/L, and the chart shows it (issue 38, item 9; §118-37, I-31, I-76)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from sewerworks.core.documents.charts import Point, layout
from sewerworks.pretreatment.actions import do_record_results
from sewerworks.pretreatment.charts import charts_for
from sewerworks.pretreatment.tests.conftest import composite

D = dt.date


@pytest.fixture
def zinc(manhole: Any, staff: Any) -> Any:
    rows = [composite(manhole, D(2026, 11, 20), "zinc", "2.0"), composite(manhole, D(2026, 11, 27), "zinc", "2.0")]
    do_record_results(rows, acting_user=staff.superintendent)
    return manhole


@pytest.mark.django_db
def test_the_30_day_average_is_drawn_and_its_exceedance_days_ringed(zinc: Any) -> None:
    chart = next(c for c in charts_for([zinc], D(2026, 12, 4)) if c.parameter == "zinc")
    assert [(p.x, p.flag) for p in chart.points] == [(D(2026, 11, 20), ""), (D(2026, 11, 27), "")]
    assert [(p.x, p.y, p.flag) for p in chart.averages] == [
        (D(2026, 11, 20), 2, "30-day limit exceeded"), (D(2026, 11, 27), 2, "30-day limit exceeded"),
    ]  # fmt: skip


@pytest.mark.django_db
def test_the_users_page_draws_the_dashed_30_day_line_and_rings_with_a_table_column(
    zinc: Any, client_as: Any
) -> None:
    page = client_as("town engineer").get(f"/pretreatment/users/{zinc.user.pk}/").content.decode()
    section = page[page.index('aria-label="Zinc at CM-1"'):]
    section = section[: section.index("</section>")]
    assert 'class="chart-average"' in section and 'stroke-dasharray="3 3"' in section
    assert section.count("<title>2026-11-20: 30-day limit exceeded</title>") == 1
    assert "<title>2026-11-27: 30-day limit exceeded</title>" in section
    assert "30-day average (mg/L)" in section and "Dashed line: 30-day average (mg/L)" in section
    assert "Ringed: 2026-11-20 (30-day limit exceeded); 2026-11-27 (30-day limit exceeded)." in section
    rows = re.findall(r"<tr><td>(2026-11-\d\d)</td><td[^>]*>([\d.]+)</td><td[^>]*>([\d.]+)</td><td>([^<]*)</td>",
                      section)  # fmt: skip
    over = "30-day limit exceeded"
    assert rows == [("2026-11-20", "2", "2", over), ("2026-11-27", "2", "2", over)]


def test_a_second_series_shares_the_axes_and_a_flagged_point_gets_a_ring() -> None:
    days = [D(2026, 11, 1), D(2026, 11, 30)]
    geo = layout([Point(days[0], 1), Point(days[1], 3)], average=[Point(days[0], 1), Point(days[1], 2, flag="over")])
    assert geo.path.startswith("M72,") and geo.average_path.startswith("M72,")
    assert geo.average_path.split()[-1].startswith(f"L{geo.right:g},")
    assert [m.text for m in geo.flags] == ["2026-11-30: over"] and len(geo.markers) == 2
    assert layout([Point(days[0], 1)]).average_path == "" and not layout([Point(days[0], 1)]).flags
