"""The ordinance browser shows a standard the chapter adopts with its instrument and edition."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("number", "instrument", "edition"),
    [
        ("118-29", "Recommended Standards for Sewage Works", "Edition: 2014 (published as Recommended Standards"),
        ("118-45", "40 CFR Part 403", "Edition: Code of Federal Regulations as amended"),
    ],
)
def test_a_section_shows_the_standard_it_adopts_with_its_edition(
    client_as: Any, number: str, instrument: str, edition: str
) -> None:
    html = client_as("board member").get(f"/ordinance/{number}/").content.decode()
    assert "Adopted standard" in html and instrument in html and edition in html
