"""The ordinance browser grades the permits program's sections from its claims: §§118-7 to 11, 14, 15, 17 to 22,
the inspections in the field of §§118-24 to 27 and §118-36 on the permit form complete; §118-23 not yet carried out."""

from __future__ import annotations

import pytest

from sewerworks.core.ordinance_browser.coverage import Grade, section_coverage
from sewerworks.core.ordinance_browser.requirements import State


@pytest.mark.parametrize(
    "number",
    ["118-7", "118-8", "118-9", "118-10", "118-11", "118-14", "118-15", "118-17", "118-18", "118-22", "118-24",
     "118-25", "118-26", "118-27", "118-36"],  # fmt: skip
)
def test_each_section_the_permits_program_carries_out_is_complete_by_its_claims(number: str) -> None:
    entry = section_coverage(number)
    assert entry.grade is Grade.COMPLETE
    assert any(r.app == "permits" for r in entry.requirements), entry


@pytest.mark.parametrize(
    ("number", "grade"),
    [("118-23", Grade.NONE)],
)  # fmt: skip
def test_what_the_field_work_lacks_is_said(number: str, grade: Grade) -> None:
    entry = section_coverage(number)
    assert entry.grade is grade
    assert all(r.meanwhile for r in entry.requirements if r.state is not State.COMPLETE)


def test_118_25_is_complete_the_meter_certified_and_the_connection_held_for_it() -> None:
    entry = section_coverage("118-25")
    states = {(r.app, r.state) for r in entry.requirements}
    assert entry.grade is Grade.COMPLETE
    assert states == {("registry", State.COMPLETE), ("permits", State.COMPLETE)}
    assert any("until the Water Superintendent certifies the meter" in r.text for r in entry.requirements)
