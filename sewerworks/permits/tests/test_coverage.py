"""The ordinance browser counts §§118-7 to 18, 22, 24 and 36 as implemented, naming the permits program."""

from __future__ import annotations

import pytest

from sewerworks.core.ordinance_browser.coverage import Status, section_coverage, table_conflicts


@pytest.mark.parametrize(
    "number", ["118-7", "118-8", "118-9", "118-10", "118-11", "118-14", "118-15", "118-16", "118-18"]
)
def test_each_section_the_permits_program_works_is_declared_by_it(number: str) -> None:
    entry = section_coverage(number)
    assert entry.status == Status.IMPLEMENTED
    assert any(a.startswith("permits:") for a in entry.apps), entry


@pytest.mark.parametrize("number", ["118-12", "118-17", "118-22", "118-24", "118-36"])
def test_the_new_topics_implement_their_sections(number: str) -> None:
    assert section_coverage(number).status == Status.IMPLEMENTED


def test_the_declarations_name_only_sections_of_the_chapter() -> None:
    assert table_conflicts() == []
