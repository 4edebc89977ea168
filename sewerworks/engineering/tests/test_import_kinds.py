"""Designs through the shared import framework: the preview counts pipes, manholes and findings; an
unreadable file is refused by section and line and nothing is written; a commit is the project's next revision."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.imports.kinds import get_kind
from sewerworks.core.imports.runner import do_import
from sewerworks.engineering.tests.conftest import design_bytes

pytestmark = pytest.mark.django_db


def test_a_swmm_design_imported_through_the_framework_is_the_projects_next_revision(project: Any, staff: Any) -> None:
    result = do_import("design-swmm", acting_user=staff.clerk, data=design_bytes("known_violations.inp"),
                       file_name="orchard.inp", context={"engineering.project": project.pk})  # fmt: skip
    assert result.committed
    assert result.counts == {"pipes": 4, "manholes": 5, "failing": 3, "needs_review": 3}
    revision = project.latest_revision()
    assert revision is not None and (revision.number, revision.failing) == (1, 3)


def test_a_geojson_preview_writes_nothing_and_an_unreadable_one_names_the_feature(staff: Any) -> None:
    kind = get_kind("design-geojson")
    import datetime as dt

    checked = kind.check(design_bytes("known_violations.geojson"), context={}, as_of=dt.date(2026, 12, 1))
    assert checked.counts["failing"] == 4 and checked.errors == []
    bad = kind.check(b'{"type": "FeatureCollection", "features": [{"type": "Feature"}]}', context={},
                     as_of=dt.date(2026, 12, 1))  # fmt: skip
    assert [str(e) for e in bad.errors] == ["Row 1, feature 1: a feature needs a geometry object"]


def test_a_board_member_may_not_import_a_design(staff: Any) -> None:
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        do_import("design-swmm", acting_user=staff.board, data=design_bytes("corrected.inp"), file_name="c.inp")
