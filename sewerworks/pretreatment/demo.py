"""The pretreatment program's part of the demo district, every date on or before the demo's today (2026-12-01).

The registry's three industrial buildings become industrial users, each with a control manhole and a year of
weekly 24-hour composites (52, ending on the demo's today), entered through ``do_record_results`` so that
the evaluation finds what a clerk would see:

- Hudson Valley Foods (juice pressing): BOD above 300 mg/L in the pressing season → the Town Engineer's
  review (§118-39), open in the queue;
- Marlborough Precision Machining: copper (reported in µg/L) at 1,900 µg/L one week → a 24-hour and a 30-day
  exceedance; three weeks at 1,100-1,200 µg/L → a 30-day exceedance that no single day shows; cadmium
  never detected ("<5 µg/L", I-31);
- Milton Cider Works: BOD 600-900 mg/L accepted by a special agreement (§118-43) under Resolution 2025-31, and
  one grab at pH 5.8 (§118-37).

Then the year is evaluated at once (issue 36), four runs on the demo's today: every series of 2026, which finds
nothing the samples had not (the two paths agree); the lab corrects the cider works' pH 5.8 grab to 6.8 (I-153)
and the rerun withdraws that exceedance, its violation left to staff (I-151); Resolution 2026-52 lowers the
zinc limits from October 1 and the rerun adds the machining shop's 30-day zinc exceedances from then on
(I-150), with a violation; a last rerun finds nothing changed and writes no finding.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth.models import Group, User

from sewerworks.core.access.roles import CLERK, SUPERINTENDENT, TOWN_ENGINEER
from sewerworks.core.demo import DEMO_BUILDERS, told_on
from sewerworks.core.models import BoardResolution
from sewerworks.pretreatment import actions
from sewerworks.pretreatment.actions import LabRow
from sewerworks.pretreatment.models import SamplingPoint
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import Building

NY = ZoneInfo("America/New_York")
LAB = "Hudson Valley Environmental Labs"
WEEKS = 52
JUICE, SHOP, CIDER = (
    "Hudson Valley Foods juice pressing plant", "Marlborough Precision Machining", "Milton Cider Works",
)  # fmt: skip
# name -> (activity, average daily flow gal, control manhole code)
USERS: dict[str, tuple[str, int, str]] = {
    JUICE: ("Pressing and pasteurizing apple juice", 9000, "CM-HVF"),
    SHOP: ("Machining and plating of brass and copper parts", 4000, "CM-MPM"),
    CIDER: ("Fermenting and bottling hard cider", 6000, "CM-MCW"),
}


def _user(username: str, role: str, first: str, last: str) -> User:
    user, _ = User.objects.get_or_create(username=username, defaults={"first_name": first, "last_name": last})
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def _row(point: SamplingPoint, day: dt.date, n: int, parameter: str, value: str, unit: str = "mg/L",
         qualifier: str = "", *, kind: str = "composite", hour: int = 8) -> LabRow:  # fmt: skip
    end = dt.datetime(day.year, day.month, day.day, hour, tzinfo=NY)
    start = end - dt.timedelta(days=1) if kind == "composite" else end
    return LabRow(
        sample_id=f"{point.code}-{day:%Y%m%d}{'G' if kind == 'grab' else ''}-{n:02d}", point=point, started_at=start,
        ended_at=end, kind=kind, parameter=parameter, value=Decimal(value), qualifier=qualifier,
        detection_limit=Decimal(value) if qualifier else None, unit=unit, method="Standard Methods", lab=LAB,
        flow_gallons=Decimal(point.user.average_daily_flow or 0) if kind == "composite" else None,
    )  # fmt: skip


def _weeks() -> list[dt.date]:
    return [DEMO_TODAY - dt.timedelta(weeks=k) for k in range(WEEKS - 1, -1, -1)]


def juice_rows(point: SamplingPoint, rng: random.Random) -> list[LabRow]:
    rows = []
    for n, day in enumerate(_weeks()):
        season = day.month in (9, 10)  # the pressing season runs strong
        bod = rng.randint(320, 420) if season else rng.randint(190, 280)
        solids = str(rng.randint(180, 330))
        rows += [_row(point, day, n, "bod", str(bod)), _row(point, day, n, "suspended_solids", solids),
                 _row(point, day, n, "ph", f"{rng.randint(62, 72) / 10}", "pH")]  # fmt: skip
    return rows


def shop_rows(point: SamplingPoint, rng: random.Random) -> list[LabRow]:
    weeks = _weeks()
    high = {weeks[20]: "1900", weeks[36]: "1150", weeks[37]: "1200", weeks[38]: "1100"}
    rows = []
    for n, day in enumerate(weeks):
        copper = high.get(day, str(rng.randint(250, 600)))
        nickel = str(rng.randint(300, 900))
        rows += [_row(point, day, n, "copper", copper, "ug/L"), _row(point, day, n, "nickel", nickel, "ug/L"),
                 _row(point, day, n, "cadmium", "5", "ug/L", "<"),
                 _row(point, day, n, "zinc", str(rng.randint(200, 700)), "ug/L")]  # fmt: skip
    return rows


def cider_rows(point: SamplingPoint, rng: random.Random) -> list[LabRow]:
    rows = []
    weeks = _weeks()
    for n, day in enumerate(weeks):
        rows += [_row(point, day, n, "bod", str(rng.randint(600, 900))),
                 _row(point, day, n, "suspended_solids", str(rng.randint(150, 300)))]  # fmt: skip
    rows.append(_row(point, weeks[44] - dt.timedelta(days=2), 99, "ph", "5.8", "pH", kind="grab", hour=11))
    return rows


@told_on(DEMO_TODAY)
def build(*, seed: int, write: Callable[[str], None], **_: Any) -> None:
    rng = random.Random(seed + 13)
    engineer = _user("engineer", TOWN_ENGINEER, "Erin", "Engineer")
    superintendent = _user("superintendent", SUPERINTENDENT, "Sam", "Superintendent")
    clerk = _user("clerk", CLERK, "Carol", "Clerk")
    builders = {JUICE: juice_rows, SHOP: shop_rows, CIDER: cider_rows}
    found = 0
    for building in Building.objects.filter(use="industrial", name__in=USERS).select_related("parcel"):
        activity, flow, code = USERS[building.name]
        user = actions.do_register_industrial_user(
            building=building, activity=activity, average_daily_flow=Decimal(flow), acting_user=engineer,
            account=building.parcel.accounts.order_by("pk").first(),
        )  # fmt: skip
        point = actions.do_add_sampling_point(
            user=user, code=code, kind="control_manhole", acting_user=engineer,
            location=f"Building sewer of {building.name}, at the property line",
            required_on=dt.date(2019, 5, 6), plans_approved_on=dt.date(2019, 6, 3),
        )  # fmt: skip
        if building.name == CIDER:
            resolution = BoardResolution.objects.get_or_create(
                instrument="Resolution 2025-31",
                defaults={"adopted_on": dt.date(2025, 11, 10), "effective_on": dt.date(2025, 11, 10),
                          "title": "Special agreement with Milton Cider Works for BOD of unusual strength (§118-43)"},
            )[0]  # fmt: skip
            actions.do_record_special_agreement(
                user=user, resolution=resolution, parameter="bod", limit=Decimal(1000), starts_on=dt.date(2025, 12, 1),
                terms="BOD up to 1,000 mg/L accepted for treatment, subject to the §118-52 strength surcharge.",
                acting_user=superintendent,
            )  # fmt: skip
        outcome = actions.do_record_results(
            builders[building.name](point, rng), acting_user=clerk, run="demo", as_of=DEMO_TODAY
        )
        found += outcome.exceedances
    runs = evaluate_the_year(clerk, superintendent)
    write(f"Pretreatment: {len(USERS)} industrial users, a year of weekly composites, {found} exceedances found; "
          f"the year evaluated at once {runs} times.")  # fmt: skip


ZINC = {"thirty_day": Decimal("0.4"), "twenty_four_hour": Decimal("2.4")}


def evaluate_the_year(clerk: User, superintendent: User) -> int:
    """The period's evaluation in each of its states: in full, a correction withdrawing, a lowered limit adding,
    nothing changed."""
    from sewerworks.core.parameters import current_parameters
    from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution
    from sewerworks.pretreatment.actions.evaluations import do_evaluate_period
    from sewerworks.pretreatment.models import Sample

    year = (dt.date(DEMO_TODAY.year, 1, 1), dt.date(DEMO_TODAY.year, 12, 31))
    do_evaluate_period(*year, acting_user=superintendent, as_of=DEMO_TODAY)
    grab = Sample.objects.get(lab=LAB, results__parameter="ph", results__reported_value=Decimal("5.8"))
    point = grab.point
    corrected = LabRow(
        sample_id=f"{grab.lab_sample_id}-R", point=point, started_at=grab.started_at, ended_at=grab.ended_at,
        kind="grab", parameter="ph", value=Decimal("6.8"), qualifier="", detection_limit=None, unit="pH",
        method="Standard Methods (reanalysis)", lab=LAB, corrects=grab,
    )  # fmt: skip
    actions.do_record_results([corrected], acting_user=clerk, run="demo-correction", as_of=DEMO_TODAY,
                              reason="the laboratory's corrected pH")  # fmt: skip
    do_evaluate_period(*year, acting_user=superintendent, as_of=DEMO_TODAY)
    table = {row: dict(v) for row, v in current_parameters().at(DEMO_TODAY).table("discharge.toxic_limits").items()}
    table["zinc"] = ZINC
    do_record_resolution(
        instrument="Resolution 2026-52", adopted_on=dt.date(2026, 9, 14), effective_on=dt.date(2026, 10, 1),
        title="Lower the §118-37 limits of zinc", acting_user=clerk,
        values=[ProposedValue("discharge.toxic_limits", table, section="118-37")],
    )  # fmt: skip
    for _ in range(2):  # the lowered limit's exceedances, then nothing changed
        do_evaluate_period(*year, acting_user=superintendent, as_of=DEMO_TODAY)
    return 4


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
