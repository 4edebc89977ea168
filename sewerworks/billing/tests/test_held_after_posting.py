"""A bill held when its period was posted is no dead end (I-182): the period takes the held account's read
(and only those: its other bills are final), and the held account then gets a supplementary bill computed by
the bill run's own rules, posted on its own bill date with its own penalty date (I-110), the held draft
closed with the reason. The held bill's page says so."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from sewerworks.billing.actions import do_post_period, do_review_period
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, LedgerEntry, Rebill

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def posted(make_account: Any, autumn: Any, staff: Any) -> Any:
    """The autumn period posted with one account held (no read in the window) and one billed."""
    held = make_account(meters=[(10_000, None)])
    billed = make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    do_post_period(autumn, acting_user=staff.superintendent)
    autumn.refresh_from_db()
    return autumn, held, billed


def _import(tmp_path: Path, rows: list[tuple[Any, str, int]], user: Any) -> tuple[str, str]:
    path = tmp_path / "late-reads.csv"
    path.write_text("meter_serial,read_on,reading\n" + "".join(f"{m.serial},{on},{r}\n" for m, on, r in rows))
    out, err = StringIO(), StringIO()
    try:
        call_command("import_reads", str(path), "--period", "2026-09-30", "--as-user", user.username,
                     stdout=out, stderr=err)  # fmt: skip
    except CommandError as exc:
        return out.getvalue(), err.getvalue() + str(exc)
    return out.getvalue(), err.getvalue()


def test_a_posted_period_takes_only_its_held_accounts_reads(posted: Any, staff: Any, tmp_path: Path) -> None:
    period, held, billed = posted
    _, err = _import(tmp_path, [(held.meters.get(), "2026-09-30", 18_000), (billed.meters.get(), "2026-10-01", 9_100)],
                     staff.clerk)  # fmt: skip
    assert "Row 3, meter_serial:" in err and "is posted" in err and "held" in err and "I-182" in err
    out, err = _import(tmp_path, [(held.meters.get(), "2026-09-30", 18_000)], staff.clerk)
    assert "Imported" in out and "1 new" in out


def test_the_held_account_gets_a_supplementary_bill_once_its_read_is_in(
    posted: Any, staff: Any, tmp_path: Path, client_as: Any
) -> None:
    period, held, _ = posted
    draft = Bill.objects.get(account=held, period=period)
    assert (draft.status, draft.basis) == ("draft", "held")
    clerk = client_as("clerk")
    page = clerk.get(f"/billing/bills/{draft.pk}/").content.decode()
    assert "Held when the period was posted" in page and "import its read" in page
    refused = clerk.post(f"/api/billing/bills/{draft.pk}/supplementary")
    assert refused.status_code == 422 and "still held" in str(refused.json()["detail"])

    _import(tmp_path, [(held.meters.get(), "2026-09-30", 18_000)], staff.clerk)
    done = clerk.post(f"/api/billing/bills/{draft.pk}/supplementary")
    assert done.status_code == 201, done.content
    body = done.json()
    bill = Bill.objects.get(pk=body["bill_id"])
    assert (bill.status, bill.basis, bill.total, body["replaces"]) == ("posted", "reads", Decimal("24.00"), draft.pk)
    today = timezone.localdate()
    assert body["bill_date"] == today.isoformat() and D.fromisoformat(body["penalty_date"]) >= today
    assert "Supplementary bill" in bill.note and Rebill.objects.get(bill=bill).replaces == draft
    assert LedgerEntry.objects.get(bill=bill, kind="charge").amount == Decimal("24.00")
    draft.refresh_from_db()
    assert draft.status == "void" and draft.voiding.reason.startswith("Held when the period was posted: Meter")
    assert not LedgerEntry.objects.filter(bill=draft).exists()  # a held draft was never on the ledger
    again = clerk.post(f"/api/billing/bills/{draft.pk}/supplementary")
    assert again.status_code == 422


def test_only_a_held_bill_of_a_posted_period_gets_a_supplementary_bill(posted: Any, client_as: Any) -> None:
    period, _, billed = posted
    bill = Bill.objects.get(account=billed, period=period)
    refused = client_as("clerk").post(f"/api/billing/bills/{bill.pk}/supplementary")
    assert refused.status_code == 422 and "not held" in str(refused.json()["detail"])
    assert client_as("inspector").post(f"/api/billing/bills/{bill.pk}/supplementary").status_code == 403
