"""``sewerworks check --deploy`` passes on the documented env file (deploy/sewerworks.env.example, its
placeholders filled) and fails, naming the setting, when a server is set up to leak, lose or mis-cache."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.test import override_settings

from sewerworks.core.web.checks import check_deployment

ROOT = Path(__file__).resolve().parents[3]
ENV_FILE = ROOT / "deploy" / "sewerworks.env.example"


def documented_env(tmp_path: Path, **changes: str | None) -> dict[str, str]:
    # (the browser tests set DJANGO_ALLOW_ASYNC_UNSAFE in this process: a server never has it)
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SECURE_", "SEWERWORKS_", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"))
    }
    for line in ENV_FILE.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, _, value = line.partition("=")
            env[key.strip()] = value.strip()
    env["SECRET_KEY"] = secrets.token_urlsafe(64)  # the placeholder, filled as docs/deploy.md says
    env["SEWERWORKS_VAR"] = str(tmp_path / "var")  # /srv/sewerworks/var on the server
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_documented_env_file_passes_every_check(tmp_path: Path) -> None:
    result = check_deploy(documented_env(tmp_path))
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"SECURE_SSL_REDIRECT": None, "SEWERWORKS_PROXY_SSL_HEADER": None}, "security.W008"),
        ({"SECURE_HSTS_SECONDS": None}, "security.W004"),
        ({"SEWERWORKS_PROXY_SSL_HEADER": None}, "sewerworks.E005"),
        ({"SEWERWORKS_LOG_FORMAT": "text"}, "sewerworks.W001"),
        ({"DATABASE_URL": None}, "sewerworks.W002"),
        ({"CSRF_TRUSTED_ORIGINS": "http://sewer.example.gov"}, "sewerworks.E006"),
    ],
)
def test_a_server_set_up_wrong_fails_naming_the_check(tmp_path: Path, changes: dict[str, Any], named: str) -> None:
    result = check_deploy(documented_env(tmp_path, **changes))
    assert result.returncode != 0
    assert named in result.stderr + result.stdout


def test_the_development_key_is_refused_outright(tmp_path: Path) -> None:
    result = check_deploy(documented_env(tmp_path, SECRET_KEY="dev-only-not-secret-sewerworks"))
    assert result.returncode != 0 and "refuses to start with DEBUG off" in result.stderr


def test_without_a_key_the_server_makes_its_own_and_passes(tmp_path: Path) -> None:
    result = check_deploy(documented_env(tmp_path, SECRET_KEY=None))
    assert result.returncode == 0, result.stderr + result.stdout
    assert (tmp_path / "var" / "secret-key").stat().st_mode & 0o777 == 0o600


def ids(**overrides: Any) -> set[str]:
    with override_settings(**overrides):
        return {m.id for m in check_deployment()}


MANIFEST = {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}
PLAIN = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}


def test_uploads_inside_the_published_static_folder_are_an_error(tmp_path: Path) -> None:
    storages = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"}, "staticfiles": MANIFEST}
    apart = ids(MEDIA_ROOT=tmp_path / "media", STATIC_ROOT=tmp_path / "static", STORAGES=storages)
    inside = ids(MEDIA_ROOT=tmp_path / "static" / "media", STATIC_ROOT=tmp_path / "static", STORAGES=storages)
    assert "sewerworks.E001" not in apart and "sewerworks.E001" in inside


def test_static_names_without_a_hash_are_an_error(tmp_path: Path) -> None:
    default = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    assert "sewerworks.E002" in ids(STORAGES={"default": default, "staticfiles": PLAIN})
    assert "sewerworks.E002" not in ids(STORAGES={"default": default, "staticfiles": MANIFEST})


def test_a_folder_the_service_cannot_write_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    assert "sewerworks.E003" not in ids(MEDIA_ROOT=locked / "media")  # missing: created in a writable folder
    # (the suite may run as root, for whom every folder is writable: ask the check's own question)
    monkeypatch.setattr("sewerworks.core.web.checks.os.access", lambda path, mode: Path(path) != locked)
    assert "sewerworks.E003" in ids(MEDIA_ROOT=locked)
    assert "sewerworks.E003" in ids(MEDIA_ROOT=locked / "media")


def test_static_files_are_collected_under_hashed_names_with_debug_off(tmp_path: Path) -> None:
    env = documented_env(tmp_path)
    result = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "var" / "static" / "staticfiles.json").read_text())["paths"]
    hashed = manifest["core/sewerworks.css"]
    assert re.fullmatch(r"core/sewerworks\.[0-9a-f]{12}\.css", hashed)
    assert (tmp_path / "var" / "static" / hashed).is_file()
    assert (tmp_path / "var" / "static" / f"{hashed}.gz").is_file()


def test_before_collectstatic_static_urls_keep_their_plain_names(tmp_path: Path) -> None:
    from sewerworks.core.web.staticstorage import HashedStaticFilesStorage

    storage = HashedStaticFilesStorage(location=str(tmp_path), base_url="/static/")
    assert storage.url("core/sewerworks.css") == "/static/core/sewerworks.css"
    (tmp_path / "staticfiles.json").write_text('{"version": "1.1", "paths": {"a.css": "a.0123456789ab.css"}}')
    collected = HashedStaticFilesStorage(location=str(tmp_path), base_url="/static/")
    assert collected.url("a.css") == "/static/a.0123456789ab.css"
    with pytest.raises(ValueError, match="Missing staticfiles manifest entry"):
        collected.url("core/sewerworks.css")


def test_a_static_url_is_worked_out_once_a_name_while_the_manifest_stays_the_same(tmp_path: Path) -> None:
    """Issue 38: every page names the same files; a new manifest (collectstatic) gives their new names."""
    from django.contrib.staticfiles.storage import HashedFilesMixin

    from sewerworks.core.web.staticstorage import HashedStaticFilesStorage

    (tmp_path / "staticfiles.json").write_text('{"version": "1.1", "paths": {"a.css": "a.0123456789ab.css"}}')
    storage = HashedStaticFilesStorage(location=str(tmp_path), base_url="/static/")
    assert storage.url("a.css") == "/static/a.0123456789ab.css"
    with mock.patch.object(HashedFilesMixin, "url", side_effect=AssertionError("worked out again")):
        assert storage.url("a.css") == "/static/a.0123456789ab.css"
    storage.hashed_files = {"a.css": "a.ba9876543210.css"}  # as collectstatic's post-processing replaces it
    assert storage.url("a.css") == "/static/a.ba9876543210.css"
    for _ in range(2):  # a file missing from the manifest is an error each time, never kept
        with pytest.raises(ValueError, match="Missing staticfiles manifest entry"):
            storage.url("core/sewerworks.css")
