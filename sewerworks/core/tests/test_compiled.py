"""A read compiled once per process (``core.compiled``, issue 38) gives, for every key, the rows the queryset
itself gives (model instances with their ``select_related`` rows, the tuples of ``values_list``, dates as dates),
in one query and without compiling the query again; ``core.records.sections.hold`` keeps rows as a prefetch does."""

from __future__ import annotations

import datetime as dt
from typing import Any
from unittest import mock

import pytest
from django.db.models.sql.compiler import SQLCompiler

from sewerworks.core.compiled import SENTINEL, compiled
from sewerworks.core.models import BoardResolution, ParameterOverride
from sewerworks.core.records.sections import hold, prefetched
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution

pytestmark = pytest.mark.django_db
RATE = "connection.abandonment_fine.first_period_rate"
LATER = "connection.abandonment_fine.later_rate"


def _values_of(pk: Any) -> Any:
    return ParameterOverride.objects.filter(resolution_id=pk).select_related("resolution").order_by("key")


OVERRIDES = compiled("test overrides", _values_of)
KEYS = compiled(
    "test override keys",
    lambda pk: ParameterOverride.objects.filter(resolution_id=pk).order_by("key").values_list("key", "effective"),
)


@pytest.fixture
def two(make_user: Any) -> list[BoardResolution]:
    made = []
    for n, (day, keys) in enumerate(((dt.date(2027, 4, 1), [RATE, LATER]), (dt.date(2028, 1, 1), [RATE]))):
        do_record_resolution(
            instrument=f"Resolution 2027-{n + 14}",
            adopted_on=day - dt.timedelta(days=20),
            effective_on=day,
            title="Fines",
            values=[ProposedValue(key, f"{12 + n}.00") for key in keys],
            acting_user=make_user("clerk"),
        )
        made.append(BoardResolution.objects.get(instrument=f"Resolution 2027-{n + 14}"))
    return made


def _facts(rows: list[ParameterOverride]) -> list[tuple[Any, ...]]:
    return [(o.pk, o.key, o.effective, o.value, o.resolution.instrument, o.resolution.adopted_on) for o in rows]


def test_a_compiled_read_gives_each_key_the_rows_the_queryset_gives(two: list[BoardResolution]) -> None:
    for resolution in two:
        rows = OVERRIDES(resolution.pk)
        assert _facts(rows) == _facts(list(_values_of(resolution.pk)))
        assert rows and all(isinstance(o.effective, dt.date) for o in rows)  # converted as Django converts them
        assert KEYS(resolution.pk) == list(_values_of(resolution.pk).values_list("key", "effective"))
    assert len(OVERRIDES(two[0].pk)) == 2 and len(OVERRIDES(two[1].pk)) == 1
    assert OVERRIDES(10**9) == []  # no such resolution: no rows


def test_a_compiled_read_is_one_query_and_is_not_compiled_again(
    two: list[BoardResolution], django_assert_num_queries: Any
) -> None:
    OVERRIDES(two[0].pk)  # compiled here (at most once per process)
    with mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled again")):
        with django_assert_num_queries(1):
            rows = OVERRIDES(two[1].pk)
            assert rows[0].resolution.instrument == "Resolution 2027-15"  # read with it, no query more


def test_the_stand_in_key_itself_is_read_as_the_queryset_reads_it(two: list[BoardResolution]) -> None:
    assert OVERRIDES(SENTINEL) == [] and KEYS(str(SENTINEL)) == []


def test_a_read_that_prefetches_is_refused() -> None:
    read = compiled("test prefetching", lambda pk: BoardResolution.objects.filter(pk=pk).prefetch_related("values"))
    with pytest.raises(ValueError, match="cannot prefetch"):
        read(1)


def test_rows_held_answer_as_prefetched_rows_with_no_query(
    two: list[BoardResolution], django_assert_num_queries: Any
) -> None:
    resolution = BoardResolution.objects.get(pk=two[0].pk)
    hold(resolution, "values", OVERRIDES(resolution.pk))
    with django_assert_num_queries(0):
        assert [o.key for o in resolution.values.all()] == [RATE, LATER]
        assert all(o.resolution is resolution for o in resolution.values.all())  # their foreign key known
        assert len(prefetched(resolution, "values", lambda: pytest.fail("read again"))) == 2
    other = BoardResolution.objects.get(pk=two[1].pk)  # not held: the fallback is made and read
    assert [o.key for o in prefetched(other, "values", lambda: ParameterOverride.objects.filter(resolution=other))] == [
        RATE
    ]
