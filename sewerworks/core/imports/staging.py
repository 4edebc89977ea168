"""Uploaded files kept on the server between the preview and the commit.

The bytes go to a folder under ``VAR_DIR/import-staging/<token>/``; the session keeps only the random
token, so nothing the browser sends back decides which file is imported. Staged uploads older than a
day are removed the next time someone uploads.
"""

from __future__ import annotations

import json
import re
import secrets
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

from sewerworks.core.imports.common import ImportResult

SESSION_KEY = "import_token"
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32}$")
MAX_AGE_SECONDS = 24 * 3600


@dataclass
class StagedFile:
    kind: str  # the import kind's name, e.g. "roll"
    name: str  # the file name as uploaded
    data: bytes


def _root() -> Path:
    return Path(settings.VAR_DIR) / "import-staging"


def _folder(token: str) -> Path:
    if not TOKEN_RE.match(token):
        raise ValueError("not a staging token")
    return _root() / token


def _sweep() -> None:
    root = _root()
    if not root.is_dir():
        return
    cutoff = time.time() - MAX_AGE_SECONDS
    for folder in root.iterdir():
        if folder.is_dir() and folder.stat().st_mtime < cutoff:
            shutil.rmtree(folder, ignore_errors=True)


def stage(files: list[StagedFile], *, user_id: int) -> str:
    """Keep the uploaded files; returns the token to put in the session."""
    _sweep()
    token = secrets.token_urlsafe(24)  # 32 characters
    folder = _folder(token)
    folder.mkdir(parents=True, mode=0o700)
    meta = {"user_id": user_id, "files": []}
    for f in files:
        (folder / f.kind).write_bytes(f.data)
        meta["files"].append({"kind": f.kind, "name": f.name})  # type: ignore[attr-defined]
    (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return token


def load(token: str | None, *, user_id: int) -> list[StagedFile] | None:
    """The files staged under ``token`` by this user, or None if there are none (expired, someone else's)."""
    if not token:
        return None
    try:
        folder = _folder(token)
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        if meta.get("user_id") != user_id:
            return None
        return [StagedFile(f["kind"], f["name"], (folder / f["kind"]).read_bytes()) for f in meta["files"]]
    except (ValueError, OSError, KeyError, TypeError):
        return None


def discard(token: str | None) -> None:
    if token and TOKEN_RE.match(token):
        shutil.rmtree(_folder(token), ignore_errors=True)


def paths(token: str | None, *, user_id: int) -> list[tuple[str, str, Path]] | None:
    """(kind, file name, path) of the files staged under ``token`` by this user, without reading them."""
    if not token:
        return None
    try:
        folder = _folder(token)
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        if meta.get("user_id") != user_id:
            return None
        return [(f["kind"], f["name"], folder / f["kind"]) for f in meta["files"]]
    except (ValueError, OSError, KeyError, TypeError):
        return None


def size(token: str | None, *, user_id: int) -> int:
    """Bytes staged under ``token`` (0 when there are none)."""
    return sum(p.stat().st_size for _, _, p in paths(token, user_id=user_id) or [] if p.is_file())


def save_preview(token: str, results: list[ImportResult], extra: dict[str, Any] | None = None) -> None:
    """Keep a preview computed by a background job next to the files it previews."""
    data = {"results": [r.as_dict() for r in results], **(extra or {})}
    (_folder(token) / "preview.json").write_text(json.dumps(data), encoding="utf-8")


def load_preview(token: str | None) -> list[ImportResult] | None:
    if not token:
        return None
    try:
        data = json.loads((_folder(token) / "preview.json").read_text(encoding="utf-8"))
        return [ImportResult.from_dict(r) for r in data["results"]]
    except (ValueError, OSError, KeyError, TypeError):
        return None
