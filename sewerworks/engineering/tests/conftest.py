"""The engineering staff and a Milton extension built by a developer."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture
def staff(make_user: Any) -> Any:
    class Staff:
        clerk = make_user("clerk")
        engineer = make_user("town engineer")
        superintendent = make_user("superintendent")
        board = make_user("board member")

    return Staff


@pytest.fixture
def project(staff: Any) -> Any:
    from sewerworks.engineering.actions import do_open_project

    return do_open_project(
        name="Orchard Ridge extension", place="Milton", builder="developer", builder_name="Orchard Ridge LLC",
        drainage_area="Lattintown Road catchment, 40 lots at build-out", acting_user=staff.clerk,
        opened_on=dt.date(2026, 10, 1),
    )  # fmt: skip


def design_bytes(name: str) -> bytes:
    return (DATA / name).read_bytes()
