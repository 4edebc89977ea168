"""Backup and restore (issue 19): a restore finds every table's rows (by digest), every uploaded file
(by checksum) and every balance identical, on SQLite, on PostgreSQL and from SQLite into PostgreSQL;
it refuses a database holding records (unless forced), a backup from newer code and a damaged archive;
a backup taken while a clerk writes is consistent."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import threading
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from sewerworks.core.backup import tables
from sewerworks.core.backup.archive import MANIFEST, write_backup
from sewerworks.core.backup.restore import RestoreRefused, _empty_tables, restore_backup
from sewerworks.core.models import AuditEvent
from sewerworks.registry.tests import factories as f
from tests.operations.backup_town import FILES, build_town, fingerprint

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.MEDIA_ROOT.mkdir()
    return Path(settings.MEDIA_ROOT)


def wipe(media: Path) -> None:
    """The machine is lost: an empty database (as after `migrate`) and no uploaded files."""
    _empty_tables(tables.table_models(tables.state_apps(tables.applied_migrations())), "default")
    call_command("migrate", verbosity=0)  # fills content types and permissions again, as on a new server
    shutil.rmtree(media)


def test_a_backup_restored_into_an_empty_database_keeps_every_row_file_and_balance(media: Path, tmp_path: Path) -> None:
    build_town(media)
    before = fingerprint(media)
    archive = tmp_path / "town.tar.gz"
    manifest = write_backup(archive)

    assert manifest["vendor"] == connection.vendor
    assert "core.0007_worker_heartbeat" in manifest["migrations"]
    assert {name: v["bytes"] for name, v in manifest["files"].items()} == {n: len(d) for n, d in FILES.items()}
    assert manifest["tables"]["billing_ledgerentry"]["rows"] == 8  # 5 charges, 3 payments
    assert manifest["tables"]["registry_historicalparcel"]["rows"] == 10  # created, then renamed
    assert {t: [v["rows"], v["sha256"]] for t, v in manifest["tables"].items()} == before["tables"]
    native = "database/database.sqlite3" if connection.vendor == "sqlite" else "database/database.pgdump"
    with tarfile.open(archive) as tar:
        assert native in tar.getnames() and MANIFEST in tar.getnames()

    wipe(media)
    assert fingerprint(media.parent / "nothing")["balances"] == {}
    loaded = restore_backup(archive)

    assert loaded["billing_ledgerentry"] == 8
    after = fingerprint(media)
    assert after == before
    assert after["balances"]["MAR-000002"] == "160.13"  # 160.13 billed, not paid
    assert after["balances"]["MAR-000001"] == "72.99"  # 123.00 billed, 50.01 paid
    f.parcel("999.1-1-1", street_number="1")  # ids continue after the restored ones (sequences reset)


def test_a_database_holding_records_is_refused_unless_forced(media: Path, tmp_path: Path) -> None:
    build_town(media)
    before = fingerprint(media)
    archive = tmp_path / "town.tar.gz"
    write_backup(archive)
    f.parcel("999.1-1-1", street_number="1")  # entered after the backup

    with pytest.raises(
        RestoreRefused, match=r"already holds records in \d+ tables \(auth_user, .*--force to replace them"
    ):
        restore_backup(archive)
    assert fingerprint(media) != before

    restore_backup(archive, force=True)
    assert fingerprint(media) == before


def rewrite_manifest(archive: Path, target: Path, change: Any) -> None:
    with tarfile.open(archive) as src, tarfile.open(target, "w:gz") as dst:
        for member in src.getmembers():
            data = src.extractfile(member).read()  # type: ignore[union-attr]
            if member.name == MANIFEST and change is not None:
                manifest = json.loads(data)
                change(manifest)
                data = json.dumps(manifest).encode()
            elif member.name == "tables/registry_parcel.jsonl" and change is None:
                data = data.replace(b"Main Street", b"Main Streat")
            member.size = len(data)
            dst.addfile(member, io.BytesIO(data))


def test_a_backup_from_newer_code_is_refused_naming_the_migrations_it_lacks(media: Path, tmp_path: Path) -> None:
    build_town(media)
    archive, newer = tmp_path / "town.tar.gz", tmp_path / "newer.tar.gz"
    write_backup(archive)
    rewrite_manifest(archive, newer, lambda m: m["migrations"].append("billing.9999_from_the_future"))
    wipe(media)
    with pytest.raises(RestoreRefused, match=r"newer version .* billing\.9999_from_the_future"):
        restore_backup(newer)
    assert tables.database_digests()["registry_parcel"][0] == 0


def test_a_damaged_archive_is_refused_before_anything_is_written(media: Path, tmp_path: Path) -> None:
    build_town(media)
    archive, damaged = tmp_path / "town.tar.gz", tmp_path / "damaged.tar.gz"
    write_backup(archive)
    rewrite_manifest(archive, damaged, None)
    wipe(media)
    with pytest.raises(RestoreRefused, match=r"damaged: tables/registry_parcel\.jsonl does not match"):
        restore_backup(damaged)
    assert tables.database_digests()["registry_parcel"][0] == 0


def test_a_backup_taken_while_a_clerk_writes_is_one_consistent_moment(media: Path, tmp_path: Path) -> None:
    build_town(media)
    stop, written, errors = threading.Event(), [0], []

    def clerk() -> None:
        try:
            while not stop.is_set():
                AuditEvent.objects.create(action="do_record_something", rows=1)
                written[0] += 1
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    writer = threading.Thread(target=clerk)
    writer.start()
    try:
        while written[0] < 20:
            pass
        at_start = written[0]
        manifest = write_backup(tmp_path / "busy.tar.gz")
        during = written[0] - at_start
    finally:
        stop.set()
        writer.join(timeout=30)
    assert errors == [] and during > 0, "the clerk kept writing while the backup ran"
    in_backup = manifest["tables"]["core_auditevent"]["rows"]
    assert 1 + at_start <= in_backup <= 1 + written[0]
    wipe(media)
    restore_backup(tmp_path / "busy.tar.gz")  # checks every table's digest against the manifest
    assert AuditEvent.objects.count() == in_backup


def test_the_commands_say_what_they_did_and_refuse_clearly(media: Path, tmp_path: Path) -> None:
    build_town(media)
    out = io.StringIO()
    call_command("backup", output=str(tmp_path), stdout=out)
    assert "Backup written:" in out.getvalue() and f"{len(FILES)} uploaded files" in out.getvalue()
    (archive,) = tmp_path.glob("sewerworks-*.tar.gz")
    assert not list(tmp_path.glob("*.partial"))
    with pytest.raises(CommandError, match="already holds records"):
        call_command("restore", str(archive))
    with pytest.raises(CommandError, match="No such backup file"):
        call_command("restore", str(tmp_path / "missing.tar.gz"))
    out = io.StringIO()
    call_command("restore", str(archive), force=True, stdout=out)
    assert "Restored" in out.getvalue()


@pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("sqlite") or not os.environ.get("DATABASE_URL"),
    reason="moving a town to PostgreSQL needs PostgreSQL (scripts/with-postgres.sh)",
)
def test_a_town_moves_from_sqlite_to_postgresql_by_a_restore(media: Path, tmp_path: Path) -> None:
    source_var = tmp_path / "sqlite-town"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{source_var / 'town.sqlite3'}",
        "SEWERWORKS_VAR": str(source_var),
        "TOWN_FINGERPRINT": str(tmp_path / "before.json"),
    }

    def manage(*args: str) -> None:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, done.stderr

    manage("migrate", "-v0")
    manage("shell", "-c", "from tests.operations.backup_town import main; main()")
    manage("backup", "--output", str(tmp_path / "from-sqlite.tar.gz"))
    before = json.loads((tmp_path / "before.json").read_text())
    with tarfile.open(tmp_path / "from-sqlite.tar.gz") as tar:
        assert "database/database.sqlite3" in tar.getnames()

    restore_backup(tmp_path / "from-sqlite.tar.gz")

    assert connection.vendor == "postgresql"
    assert fingerprint(media) == before
    assert len(before["tables"]) > 80 and before["balances"]["MAR-000001"] == "72.99"
