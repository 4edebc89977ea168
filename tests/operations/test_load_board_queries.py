"""The dashboard, the deadlines board and a notice, as ``make load``'s mix asks for them (issue 19), on the
demo district: each in about ten queries once its figures are kept, whatever the district's size, and the
dashboard's first computing bounded too (no query per row)."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.records import generation
from sewerworks.core.testing.queries import own_queries
from sewerworks.enforcement import demo as enforcement_demo
from sewerworks.enforcement.models import Notice
from sewerworks.grease import demo as grease_demo
from sewerworks.registry import demo as registry_demo

pytestmark = pytest.mark.django_db
ROLES = ["clerk", "superintendent", "inspector", "town engineer"]  # load_setup.py's staff


@pytest.fixture
def district() -> None:
    for demo in (registry_demo, enforcement_demo, grease_demo):
        demo.build(seed=118, parcels=300, write=lambda _: None)


def at_most(limit: int, client: Any, url: str, **params: Any) -> None:
    response, queries = own_queries(client, url, **params)
    assert response.status_code == 200
    assert len(queries) <= limit, f"{url} {params}: {len(queries)} queries (at most {limit})"


@pytest.mark.parametrize("role", ROLES)
def test_the_dashboard_is_computed_in_a_bounded_number_of_queries_then_kept(
    district: None, client_as: Any, role: str
) -> None:
    client = client_as(role)
    client.get("/")  # the parameters in force, merged once per process
    generation.move_on()  # as after a change committed anywhere: computed afresh below
    at_most(60, client, "/")  # 162 before issue 19; computed for this user and generation
    at_most(7, client, "/")  # kept: the user, the roles, the generation, the jobs running


def test_the_deadlines_board_is_a_few_queries_computed_and_fewer_kept(district: None, client_as: Any) -> None:
    client = client_as("clerk")
    at_most(13, client, "/enforcement/")  # counts in one query, a query per list shown, the tasks
    for query in ({}, {"program": "connection"}):
        client.get("/enforcement/", query)
        at_most(7, client, "/enforcement/", **query)


def test_every_notice_page_is_a_few_queries(district: None, client_as: Any) -> None:
    client = client_as("clerk")
    for notice in Notice.objects.all():
        at_most(7, client, f"/enforcement/notices/{notice.pk}/")
