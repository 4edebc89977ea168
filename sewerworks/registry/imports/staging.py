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

from django.conf import settings

SESSION_KEY = "registry_import_token"
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32}$")
MAX_AGE_SECONDS = 24 * 3600


@dataclass
class StagedFile:
    kind: str  # "roll" or "polygons"
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
