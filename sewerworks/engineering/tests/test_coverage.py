"""§118-29, 32 and 33 are declared implemented by the engineering review."""

from __future__ import annotations

import pytest

from sewerworks.core.ordinance_browser.coverage import Status, section_coverage


@pytest.mark.parametrize("number", ["118-29", "118-32", "118-33"])
def test_the_design_review_implements_the_section(number: str) -> None:
    entry = section_coverage(number)
    assert entry.status == Status.IMPLEMENTED
    assert any(app.startswith("engineering:") for app in entry.apps)
