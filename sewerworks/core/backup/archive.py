"""``sewerworks backup``: one archive holding the database, its tables as JSON lines, the uploaded files
and a manifest (checksum per file, rows and digest per table, the migration state)."""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import django
from django.conf import settings
from django.db import connections
from django.utils import timezone

from sewerworks.core.backup import tables
from sewerworks.core.backup.snapshot import database_snapshot

FORMAT = "sewerworks-backup/1"
MANIFEST = "manifest.json"


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _add_file(archive: tarfile.TarFile, path: Path, name: str) -> dict[str, Any]:
    """Add a file as read once (so its checksum is of exactly what went in, even if it changes meanwhile)."""
    data = path.read_bytes()
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = len(data), int(path.stat().st_mtime), 0o600
    archive.addfile(info, io.BytesIO(data))
    return {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}


def write_backup(target: Path, *, alias: str = "default", media_root: Path | None = None) -> dict[str, Any]:
    """Write the archive ``target`` (a .tar.gz); return its manifest."""
    media = Path(media_root or settings.MEDIA_ROOT)
    applied = tables.applied_migrations(alias)
    manifest: dict[str, Any] = {
        "format": FORMAT,
        "created_at": timezone.now().isoformat(),
        "django": django.get_version(),
        "vendor": connections[alias].vendor,
        "migrations": sorted(f"{app}.{name}" for app, name in applied),
        "tables": {},
        "files": {},
    }
    partial = target.with_name(target.name + ".partial")
    with tempfile.TemporaryDirectory(prefix="sewerworks-backup-") as tmp:
        work = Path(tmp)
        with tarfile.open(partial, "w:gz") as archive:
            with database_snapshot(work, alias) as (snap, native):
                models = tables.table_models(tables.state_apps(applied, alias))
                for model in models:
                    table = model._meta.db_table
                    path = work / f"{table}.jsonl"
                    rows = 0
                    with path.open("w", encoding="utf-8") as out:
                        for line in tables.row_lines(model, snap):
                            out.write(line)
                            rows += 1
                    manifest["tables"][table] = {
                        "rows": rows,
                        "sha256": sha256_file(path),
                        "columns": [f.column for f in tables.columns(model)],
                    }
                    archive.add(path, f"tables/{table}.jsonl")
            manifest["database"] = {"file": f"database/{native.name}", "sha256": sha256_file(native)}
            archive.add(native, manifest["database"]["file"])
            if media.is_dir():
                for path in sorted(p for p in media.rglob("*") if p.is_file()):
                    name = path.relative_to(media).as_posix()
                    manifest["files"][name] = _add_file(archive, path, f"media/{name}")
            blob = json.dumps(manifest, indent=1, sort_keys=True).encode()
            info = tarfile.TarInfo(MANIFEST)
            info.size, info.mtime = len(blob), int(timezone.now().timestamp())
            archive.addfile(info, io.BytesIO(blob))
    partial.replace(target)  # a backup cut short never looks like a finished one
    return manifest
