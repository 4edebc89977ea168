"""The staff and the Town's clock every program's tests share (the grease and pretreatment conftests import
them: a fixture imported into a conftest is that conftest's fixture)."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import pytest

NY = ZoneInfo("America/New_York")

__all__ = ["NY", "at", "staff"]


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> dt.datetime:
    """A moment in the Town's time zone."""
    return dt.datetime(year, month, day, hour, minute, tzinfo=NY)


@pytest.fixture
def staff(make_user: Any) -> Any:
    """One user per role a program's tests act as: ``staff.clerk``, ``staff.engineer`` (the Town Engineer)..."""

    class Staff:
        clerk = make_user("clerk")
        inspector = make_user("inspector")
        superintendent = make_user("superintendent")
        engineer = make_user("town engineer")
        building_inspector = make_user("building inspector")
        board = make_user("board member")

    return Staff
