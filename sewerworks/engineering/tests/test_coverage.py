"""The ordinance browser grades Article V from the engineering review's claims: §118-29 and the owners' petition
of §118-30 complete; construction (§118-31), the design checks of §§118-32 and 33, the exfiltration tests
(§118-34) and the security (§118-35) partial until acceptance, the field's manholes and trench are on record."""

from __future__ import annotations

import pytest

from sewerworks.core.ordinance_browser.coverage import Grade, section_coverage


@pytest.mark.parametrize(
    ("number", "grade"),
    [("118-29", Grade.COMPLETE), ("118-30", Grade.COMPLETE), ("118-31", Grade.PARTIAL), ("118-32", Grade.PARTIAL),
     ("118-33", Grade.PARTIAL), ("118-34", Grade.PARTIAL), ("118-35", Grade.PARTIAL)],
)  # fmt: skip
def test_the_design_review_grades_its_sections(number: str, grade: Grade) -> None:
    entry = section_coverage(number)
    assert entry.grade is grade
    assert all(r.app == "engineering" for r in entry.requirements)
