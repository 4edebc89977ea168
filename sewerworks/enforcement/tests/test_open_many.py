"""Violations and deadlines opened many at once (``do_open_violations``, ``do_open_deadlines``) are the records
``do_open_violation`` and ``do_open_deadline`` make one at a time: the same fields, the same history rows (who,
why, when it happened), the same status changes, the same refusals; in a few statements whatever their number."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sewerworks.core.determinations.run import run_determination, store_decision
from sewerworks.core.records.events import story_day
from sewerworks.enforcement.actions import do_open_deadline, do_open_deadlines, do_open_violation, do_open_violations
from sewerworks.enforcement.actions.many import ViolationFound
from sewerworks.enforcement.choices import DeadlineKind, Discovery, Program
from sewerworks.enforcement.models import Deadline, StatusChange, Violation
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date
SKIP = {"id", "history_id", "history_date", "created_at", "at", "violation", "subject_id"}


@pytest.fixture(params=[1, 10_000], ids=["copy", "bulk_create"])
def copy_from(request: Any, monkeypatch: Any) -> int:
    """On PostgreSQL the rows go by COPY from ``core.inserts.COPY_FROM`` rows on: both ways, whatever the batch."""
    monkeypatch.setattr("sewerworks.core.inserts.COPY_FROM", request.param)
    return int(request.param)


@pytest.fixture
def parcels() -> list[Any]:
    area = f.area()
    made = []
    for n, name in enumerate(("DOE JANE", "ROE RICHARD", None)):
        parcel = f.parcel(f"108.12-3-{40 + n}", improvement_area=area, street_number=str(10 + n))
        if name:
            f.owned(parcel, name=name)
        made.append(parcel)
    return made


def found(parcels: list[Any]) -> list[ViolationFound]:
    return [ViolationFound(parcel=p, section="§118-37", program=Program.PRETREATMENT, discovered_on=D(2026, 3, n + 2),
                           how_discovered=Discovery.SAMPLING, description=f"Zinc above its limit, case {n}.")
            for n, p in enumerate(parcels)]  # fmt: skip


def one_at_a_time(wanted: list[ViolationFound], user: Any) -> list[Violation]:
    return [do_open_violation(parcel=w.parcel, section=w.section, description=w.description,
                              discovered_on=w.discovered_on, how_discovered=w.how_discovered, program=w.program,
                              acting_user=user) for w in wanted]  # fmt: skip


def fields(record: Any) -> dict[str, Any]:
    return {f.attname: getattr(record, f.attname) for f in record._meta.concrete_fields if f.name not in SKIP
            and f.attname not in SKIP}  # fmt: skip


def records(violations: list[Violation]) -> list[Any]:
    """Each violation's fields, its history rows and its status changes, without ids and write stamps."""
    return [(fields(v), [fields(h) for h in v.history.order_by("history_id")],
             [fields(c) for c in StatusChange.objects.filter(violation=v).order_by("id")])
            for v in violations]  # fmt: skip


def test_many_violations_at_once_are_the_records_one_at_a_time_makes(parcels, staff, copy_from) -> None:
    single = one_at_a_time(found(parcels), staff.inspector)
    with CaptureQueriesContext(connection) as queries:
        many = do_open_violations(found(parcels), acting_user=staff.inspector)
    assert records(many) == records(single)
    assert [v.responsible_name for v in many] == ["DOE JANE", "ROE RICHARD", ""]  # the owner of record, or none
    first = many[0].history.get()
    assert first.history_user == staff.inspector and first.occurred_at.date() == D(2026, 3, 2)  # I-114
    assert len(queries) <= 12  # whatever the number: owners, checks, two inserts a kind


def test_in_the_demo_story_both_are_recorded_on_the_same_days(parcels, staff, copy_from) -> None:
    with story_day(D(2026, 3, 10)):
        single = one_at_a_time(found(parcels), staff.inspector)
        many = do_open_violations(found(parcels), acting_user=staff.inspector)
    stamps = [(v.created_at, [(h.history_date, h.occurred_at) for h in v.history.all()],
               [c.at for c in StatusChange.objects.filter(violation=v)]) for v in (*single, *many)]  # fmt: skip
    assert stamps[:3] == stamps[3:]
    assert Violation.objects.get(pk=many[0].pk).created_at.date() == D(2026, 3, 10)


def test_the_same_refusals_and_nothing_half_written(parcels, staff, make_user) -> None:
    with pytest.raises(PermissionDenied):
        do_open_violations(found(parcels), acting_user=make_user("board member"))
    late = [*found(parcels)[:2], ViolationFound(parcel=parcels[2], section="118-37", description="x",
                                                discovered_on=D.today() + dt.timedelta(days=3))]  # fmt: skip
    with pytest.raises(ValidationError, match="still to come"):
        do_open_violations(late, acting_user=staff.inspector)
    bad = [*found(parcels)[:2], ViolationFound(parcel=parcels[2], section="not a section", description="x",
                                               discovered_on=D(2026, 3, 2))]  # fmt: skip
    with pytest.raises(ValidationError) as refused:
        do_open_violations(bad, acting_user=staff.inspector)
    assert "row 3: section" in refused.value.message_dict
    assert not Violation.objects.exists() and not StatusChange.objects.exists()


def test_a_missed_deadline_has_one_violation_in_a_batch_as_one_at_a_time(parcels, staff) -> None:
    decided = run_determination("notice-deadline", {"kind": "notice_of_violation", "served_on": "2026-03-02"},
                                as_of=D(2026, 3, 2))  # fmt: skip
    deadline = do_open_deadline(program=Program.GENERAL, kind=DeadlineKind.OTHER, subject=parcels[0],
                                decision=store_decision(decided, subject=parcels[0]), section="118-47",
                                title="Send the report", due_on=D(2026, 4, 1), acting_user=staff.clerk)  # fmt: skip
    twice = [ViolationFound(parcel=parcels[0], section="118-47", description="Missed", discovered_on=D(2026, 4, 2),
                            source_deadline=deadline)] * 2  # fmt: skip
    with pytest.raises(ValidationError) as refused:
        do_open_violations(twice, acting_user=staff.inspector)
    assert "row 2: source_deadline" in refused.value.message_dict
    do_open_violations(twice[:1], acting_user=staff.inspector)
    with pytest.raises(ValidationError):
        do_open_violations(twice[:1], acting_user=staff.inspector)
    assert Violation.objects.filter(source_deadline=deadline).count() == 1


def test_many_deadlines_at_once_are_the_deadlines_one_at_a_time_makes(parcels, staff, copy_from) -> None:
    violations = do_open_violations(found(parcels), acting_user=staff.inspector)
    decided = run_determination("notice-deadline", {"kind": "notice_of_violation", "served_on": "2026-03-02"},
                                as_of=D(2026, 3, 2))  # fmt: skip
    decision = store_decision(decided, subject=parcels[0])
    wanted = [dict(program=Program.PRETREATMENT, kind=DeadlineKind.REVIEW, subject=v, decision=decision,
                   section="118-47", title=f"Serve the notice on {v.parcel}", due_on=D(2026, 3, 20), parcel=v.parcel,
                   officer=staff.superintendent, why="Opened by the evaluation of lab results")
              for v in violations]  # fmt: skip
    single = [do_open_deadline(**w, acting_user=staff.clerk) for w in wanted]
    many = do_open_deadlines(wanted, acting_user=staff.clerk)

    def kept(deadlines: list[Deadline]) -> list[Any]:
        return [(fields(d), d.subject_id, [fields(h) for h in d.history.all()]) for d in deadlines]

    assert kept(many) == kept(single)
    assert many[0].history.get().history_change_reason == "Opened by the evaluation of lab results"
    with pytest.raises(PermissionDenied):
        do_open_deadlines(wanted, acting_user=staff.board)


def test_a_keyword_a_deadline_does_not_have_is_refused_not_ignored() -> None:
    from sewerworks.enforcement.actions.deadlines import new_deadline

    with pytest.raises(TypeError, match="a deadline has no oficer"):
        new_deadline(acting_user=None, **{"oficer": None})  # type: ignore[misc]
