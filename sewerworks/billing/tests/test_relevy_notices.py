"""The notice before relevy (§118-53, I-120): one letter to every account on the filed statement, one PDF in
mailing order through the bill paper's batch machinery, read back with pypdf: whom, how much, the last day at the
counter and what happens after it."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from pypdf import PdfReader

from sewerworks.billing.actions.notices import do_start_notice_batch
from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement
from sewerworks.billing.models import NoticeBatch
from sewerworks.billing.tasks import run_notice_batch
from sewerworks.billing.tests.relevy_scenario import ADOPTED_ON, STATEMENT_DATE, year_end

pytestmark = pytest.mark.django_db


def test_every_account_on_the_statement_gets_its_notice_in_mailing_order(staff: Any) -> None:
    scene = year_end(staff.clerk, staff.superintendent)
    scene.accounts["C"].mailing_route = "R01"  # routed accounts first, then by street and number
    scene.accounts["C"].save()
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk, documents=False)
    batch = do_start_notice_batch(statement, acting_user=staff.clerk, run_here=True)
    seen: list[str] = []
    result = run_notice_batch(batch.job_id, batch.pk, workers=1, progress=lambda **kw: seen.append(kw["message"]))
    assert result["notices"] == 4 and seen[0] == "4 notices to typeset in 1 chunks."
    assert seen[-1] == "Typeset 4 of 4 notices (4 pages)."
    batch = NoticeBatch.objects.get(pk=batch.pk)
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(batch.file.open("rb").read())).pages]
    assert len(pages) == 4
    assert [next(n for n in ("BROWN PAT", "SMITH JOHN", "JONES MARY", "HUDSON ANNA") if n in text) for text in pages] \
        == ["BROWN PAT", "SMITH JOHN", "JONES MARY", "HUDSON ANNA"]  # fmt: skip
    smith = pages[1]
    assert "NOTICE OF UNPAID SEWER RENTS BEFORE RELEVY" in smith and "$43.03" in smith
    assert "October 31, 2026" in smith and "2027 Town and County tax bill" in smith and "Receiver of Taxes" in smith
    assert "MAR-000001" in smith and "108.1-1-1" in smith
    do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    statement.refresh_from_db()
    with pytest.raises(ValidationError, match="the notice goes before the relevy"):
        do_start_notice_batch(statement, acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_start_notice_batch(statement, acting_user=staff.inspector)
