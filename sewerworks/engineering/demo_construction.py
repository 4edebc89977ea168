"""Engineering's demo of construction on record, every date on or before the demo's today (2026-12-01).

- Hudson Ridge extension (Hamlet of Milton), built by Hudson Ridge Homes LLC: its design approved by the Town
  Engineer, the Department of Health and the Town Board (Resolution 2026-61, which demands a guaranty
  security); a completion bond received; construction started 2026-10-05 by Kiernan Excavating. Daily reports
  through October and November; the Town Engineer stopped the work on 2026-10-13 (trench walls unsupported)
  and lifted the order on 2026-10-15; he rejected a delivery of cracked pipe on 2026-10-20. October's
  inspection billed on 2026-11-02 and posted to the parcel of record's account; November's billed today,
  awaiting the posting. The tests planned on 2026-11-16: R-2's first section failed on 2026-11-19, was
  repaired, and its retest, noticed by the contractor as an inspection in the field, passed; R-3's sections are
  untested, the first noticed today for its test.
- An extension the town builds along a lane of five lots outside the Hamlet of Milton (the most compact group
  of five; Maple Ave in the 1,500-parcel demo), proposed by its owners (§118-30): a short petition of the owners
  of the parcels along it (one held by co-owners, one owner's tenant who signed and is not counted),
  and the Town Board's finding of 2026-11-23 that it warrants its cost (Resolution 2026-70).

Both use parcels of the registry's demo district; without one (engineering's own tests) they are left out.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from typing import Any

from django.db.models import Count, Q

from sewerworks.billing.pending.posting import post_at_once
from sewerworks.core.models import BoardResolution
from sewerworks.core.records.events import story_day
from sewerworks.engineering import actions
from sewerworks.engineering.models import PlannedSection
from sewerworks.inspections.actions import do_record_result, do_request_inspection
from sewerworks.registry import geometry
from sewerworks.registry.models import Owner, Ownership, Parcel

D = dt.date
# (day, pipe, from station, to station): R-1, then; nothing laid on 2026-10-13, work being stopped
LAYING = [(D(2026, 10, d), pipe, a, b) for d, pipe, a, b in (
    (5, "R-1", 0, 60), (6, "R-1", 60, 130), (7, "R-1", 130, 200), (8, "R-1", 200, 250), (9, "R-1", 250, 280),
    (13, "", 0, 0), (15, "R-1", 280, 300), (16, "R-2", 0, 100), (19, "R-2", 100, 180))] + [
    (D(2026, 11, d), pipe, a, b) for d, pipe, a, b in ((2, "R-2", 180, 250), (3, "R-3", 0, 100), (5, "R-3", 100, 180))]


def _resolution(instrument: str, adopted: dt.date, title: str) -> BoardResolution:
    # Recorded directly, as the permits demo does: core has no action for a resolution that sets no parameter.
    made, _ = BoardResolution.objects.get_or_create(instrument=instrument, defaults={
        "adopted_on": adopted, "effective_on": adopted, "title": title})  # fmt: skip
    return made


def _xy(parcel: Parcel) -> tuple[float, float]:
    return float(parcel.centroid_x or 0.0), float(parcel.centroid_y or 0.0)


def _developer_parcel() -> Parcel | None:
    """A Milton parcel with one open account (the bill posts to it), first by tax map number."""
    return (Parcel.objects.filter(improvement_area__code="milton").exclude(polygon="")
            .annotate(open_accounts=Count("accounts", filter=Q(accounts__closed_on__isnull=True)))
            .filter(open_accounts=1).order_by("tax_map_sort").first())  # fmt: skip


def _design_from(x0: float, y0: float, design: Callable[..., bytes]) -> bytes:
    manholes = {"HR-MH-1": (0, 0, 250.0), "HR-MH-2": (300, 0, 248.5), "HR-MH-3": (550, 0, 247.25),
                "HR-MH-4": (730, 0, 246.35)}  # fmt: skip
    pipes = [{"id": name, "path": [(a, 0), (b, 0)], "upstream_invert_ft": up, "downstream_invert_ft": down,
              "trench_width_in": 38} for name, a, b, up, down in (("R-1", 0, 300, 250.0, 248.5),
             ("R-2", 300, 550, 248.5, 247.25), ("R-3", 550, 730, 247.25, 246.35))]  # fmt: skip
    return design(geometry.to_lonlat(x0, y0), pipes, manholes)


def hudson_ridge(staff: Any, design: Callable[..., bytes]) -> str:
    parcel = _developer_parcel()
    if parcel is None or parcel.centroid_x is None:
        return ""
    clerk, engineer, inspector = staff
    project = actions.do_open_project(
        name="Hudson Ridge extension", place="Milton", builder="developer", builder_name="Hudson Ridge Homes LLC",
        drainage_area="Hudson Ridge subdivision, 18 lots east of the hamlet.", opened_on=D(2026, 8, 17),
        acting_user=clerk,
    )  # fmt: skip
    x, y = _xy(parcel)
    actions.do_import_design(data=_design_from(x + 150, y, design),
                             file_name="hudson-ridge-r1.geojson", project=project, acting_user=clerk,
                             as_of=D(2026, 8, 17), submitted_on=D(2026, 8, 17))  # fmt: skip
    actions.do_review_future_flows(project=project, reviewed_on=D(2026, 8, 28), acting_user=engineer,
                                   note="8-inch mains carry the 18 lots at build-out.")  # fmt: skip
    actions.do_record_approval(project=project, authority="town_engineer", approved_on=D(2026, 8, 28),
                               acting_user=engineer)  # fmt: skip
    actions.do_record_approval(project=project, authority="nys_doh", approved_on=D(2026, 9, 10), acting_user=clerk,
                               reference="NYSDOH plan approval 26-0391")  # fmt: skip
    actions.do_record_approval(project=project, authority="town_board", approved_on=D(2026, 9, 14),
                               acting_user=clerk, reference="Res. 2026-61")  # fmt: skip
    adopted = _resolution("Resolution 2026-61", D(2026, 9, 14), "Approves the Hudson Ridge sewer extension, a "
                          "completion bond of $180,000 demanded (§118-31, §118-35)")  # fmt: skip
    with story_day(D(2026, 9, 28)):
        actions.do_link_board_resolution(project=project, resolution=adopted, security_demanded=True,
                                         acting_user=clerk)  # fmt: skip
        actions.do_record_security(project=project, kind="completion_bond", amount="180000.00",
                                   issuer="Hudson Valley Surety Co.", number="CB-26-0918", received_on=D(2026, 9, 28),
                                   expires_on=D(2027, 9, 28), acting_user=clerk)  # fmt: skip
    actions.do_start_construction(project=project, started_on=D(2026, 10, 5), contractor="Kiernan Excavating Inc.",
                                  parcel=parcel, acting_user=engineer)  # fmt: skip
    _reports(project, engineer, inspector)
    with story_day(D(2026, 11, 2)):
        actions.do_bill_inspection_month(project=project, month=D(2026, 10, 1), billed_on=D(2026, 11, 2),
                                         acting_user=clerk)  # fmt: skip
    with story_day(D(2026, 11, 3)):
        post_at_once(D(2026, 11, 3), run="demo-engineering-2026-11-03", user=clerk)
    _tests(project, staff)
    actions.do_bill_inspection_month(project=project, month=D(2026, 11, 1), billed_on=D(2026, 12, 1), acting_user=clerk)
    return f"{project.name} under construction (a lifted stop-work order, a retest passed)"


def _reports(project: Any, engineer: Any, inspector: Any) -> None:
    order = None
    for day, pipe, a, b in LAYING:
        with story_day(day):
            laid: dict[str, Any] = {"pipe": pipe, "station_from_ft": a, "station_to_ft": b} if b > a else {}
            report = actions.do_file_daily_report(
                project=project, report_date=day, weather="Cold, clear" if day.month == 11 else "Clear, 50s",
                crew="Foreman, 2 operators, 3 laborers", hours=("7.5" if day.month == 11 else "8") if laid else "3",
                trench_width_in="38", bedding_in="4", acting_user=engineer if day.day in (13, 15) else inspector,
                notes="" if laid else "Crew standing by: no pipe laid while work is stopped.", **laid,
            )  # fmt: skip
            if day == D(2026, 10, 9):
                order = actions.do_stop_work(report=report, acting_user=engineer, reason="Trench walls unsupported "
                                             "below 5 ft near station 270: no trench box on site.")  # fmt: skip
            if day == D(2026, 10, 16):
                actions.do_reject_material(report=report, material="Six lengths of 8-inch PVC SDR-35",
                                           reason="Cracked bells on delivery.", acting_user=engineer)  # fmt: skip
        if day == D(2026, 10, 13) and order is not None:
            with story_day(D(2026, 10, 15)):
                actions.do_lift_stop_work(order=order, lifted_on=D(2026, 10, 15), acting_user=engineer,
                                          note="Trench box on site and in use.")  # fmt: skip


def _tests(project: Any, staff: Any) -> None:
    clerk, engineer, inspector = staff
    with story_day(D(2026, 11, 16)):
        actions.do_plan_tests(project=project, planned_on=D(2026, 11, 16), acting_user=engineer)
    test = {"filled_hours": "24", "head_ft_above_crown": "5.5", "test_hours": "2", "acting_user": inspector}

    def section(run: str, number: int) -> PlannedSection:
        return PlannedSection.objects.get(project=project, run=run, number=number)

    results = [(D(2026, 11, 18), "R-1", n, water) for n, water in ((1, "1.2"), (2, "0.9"), (3, "1.4"))] + [
        (D(2026, 11, 19), "R-2", n, water) for n, water in ((1, "2.3"), (2, "0.8"), (3, "1.0"))]
    for day, run, number, water in results:
        with story_day(day):
            actions.do_record_exfiltration_test(section=section(run, number), tested_on=day, water_added_gal=water,
                                                **test)  # fmt: skip
    with story_day(D(2026, 11, 20)):
        actions.do_record_repair(section=section("R-2", 1), repaired_on=D(2026, 11, 20), acting_user=inspector,
                                 description="Joint at station 40 re-made; a cracked length replaced.")  # fmt: skip
    # the retest in the field: the contractor's notice, the inspector's result recording the test (§118-34)
    notice = {"kind": "exfiltration", "requested_by": "Kiernan Excavating Inc.", "acting_user": clerk}
    with story_day(D(2026, 11, 21)):
        retest = do_request_inspection(section("R-2", 1), requested_on=D(2026, 11, 21), **notice)
    measured = {"min-fill-period": "24", "groundwater": "-3", "min-head": "5.5", "min-test-period": "2",
                "leakage": "1.3"}  # fmt: skip
    with story_day(D(2026, 11, 23)):
        do_record_result(retest, result="passed", inspected_on=D(2026, 11, 23), acting_user=inspector,
                         answers={k: {"answer": "yes", "measured": v} for k, v in measured.items()})  # fmt: skip
    with story_day(D(2026, 12, 1)):
        do_request_inspection(section("R-3", 1), requested_on=D(2026, 12, 1), **notice)


def _holder(parcel: Parcel) -> str:
    """The name of the parcel's first owner of record, as a person writes it on a petition ("Cook James")."""
    held = Ownership.objects.filter(parcel=parcel, end__isnull=True).select_related("owner").order_by("pk").first()
    return held.owner.name.title() if held is not None else "Occupant"


def _cluster(centre: tuple[float, float]) -> list[Parcel]:
    """Five parcels outside the areas within a mile of ``centre``, the most compact group (a lane of lots)."""
    reach = 5280.0
    outside = list(Parcel.objects.filter(improvement_area__isnull=True).exclude(polygon="").filter(
        centroid_x__range=(centre[0] - reach, centre[0] + reach), centroid_y__range=(centre[1] - reach,
        centre[1] + reach)).order_by("tax_map_sort")[:400])  # fmt: skip
    if len(outside) < 5:
        return []
    groups = [sorted(outside, key=lambda q: math.dist(_xy(q), _xy(p)))[:5] for p in outside]
    best = min(groups, key=lambda g: (max(math.dist(_xy(g[0]), _xy(q)) for q in g), g[0].tax_map_sort))
    return sorted(best, key=_xy)


def sunset_lane(staff: Any, design: Callable[..., bytes]) -> str:
    """A town extension along five lots outside the Hamlet of Milton, its petition and the Board's finding."""
    clerk = staff[0]
    milton = [_xy(p) for p in Parcel.objects.filter(improvement_area__code="milton").exclude(centroid_x=None)]
    if not milton:
        return ""
    lots = _cluster((sum(x for x, _ in milton) / len(milton), sum(y for _, y in milton) / len(milton)))
    if not lots:
        return ""
    x0, y0 = _xy(lots[0])
    manholes = {f"SL-MH-{n}": (_xy(p)[0] - x0, _xy(p)[1] - y0, 240.0 - 2 * n) for n, p in enumerate(lots, 1)}
    pipes = [{"id": f"SL-{n}", "path": [manholes[f"SL-MH-{n}"][:2], manholes[f"SL-MH-{n + 1}"][:2]],
              "upstream_invert_ft": 240.0 - 2 * n, "downstream_invert_ft": 238.0 - 2 * n} for n in range(1, 5)]
    project = actions.do_open_project(name=f"{lots[0].street_name or 'Sunset Lane'} extension", place="Milton",
                                      builder="town",
                                      drainage_area="Five lots outside the Hamlet of Milton on private systems.",
                                      opened_on=D(2026, 10, 26), acting_user=clerk)  # fmt: skip
    actions.do_import_design(data=design(geometry.to_lonlat(x0, y0), pipes, manholes), file_name="lane.geojson",
                             project=project, acting_user=clerk, as_of=D(2026, 10, 26), submitted_on=D(2026, 10, 26))
    co_owner, _ = Owner.objects.get_or_create(name="MORGAN DANA")
    Ownership.objects.get_or_create(parcel=lots[1], owner=co_owner, defaults={"start": D(2019, 6, 1)})
    signers = [(lots[0], _holder(lots[0])), (lots[1], "Morgan Dana"), (lots[2], _holder(lots[2])),
               (lots[3], "Pat Renter")]  # fmt: skip
    for n, (parcel, name) in enumerate(signers):
        day = D(2026, 11, 2 + n)
        with story_day(day):
            actions.do_record_signature(project=project, parcel=parcel, signer=name, signed_on=day, acting_user=clerk)
    finding = _resolution("Resolution 2026-70", D(2026, 11, 23), "The Sunset Lane sewer extension warrants its "
                          "cost: the town builds it under public contract (§118-30)")  # fmt: skip
    actions.do_record_warrant(project=project, resolution=finding, decided_on=D(2026, 11, 23), acting_user=clerk)
    return f"{project.name} petitioned by its owners and warranted by the Board"
