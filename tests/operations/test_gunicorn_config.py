"""deploy/gunicorn.conf.py read by gunicorn itself: the worker class it says is the one gunicorn runs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from gunicorn.config import Config

CONF = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"


def loaded(monkeypatch: pytest.MonkeyPatch, **env: str) -> Config:
    for name in ("SEWERWORKS_WEB_WORKER_CLASS", "SEWERWORKS_WEB_THREADS", "SEWERWORKS_WEB_WORKERS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    namespace: dict[str, object] = {"__file__": str(CONF)}
    exec(compile(CONF.read_text(), str(CONF), "exec"), namespace)  # noqa: S102 - as gunicorn -c reads it
    config = Config()
    for key, value in namespace.items():
        if key in config.settings:
            config.set(key, value)
    return config


def test_the_default_workers_are_synchronous_as_the_config_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """gunicorn turns a sync worker given threads > 1 into gthread: the default must stay sync (issue 38)."""
    config = loaded(monkeypatch)
    assert config.worker_class_str == "sync"
    assert config.threads == 1
    assert config.workers == min(2 * (os.cpu_count() or 1), 8)


def test_gthread_when_asked_keeps_its_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    config = loaded(monkeypatch, SEWERWORKS_WEB_WORKER_CLASS="gthread", SEWERWORKS_WEB_THREADS="3")
    assert config.worker_class_str == "gthread"
    assert config.threads == 3


def test_threads_alone_do_not_turn_sync_workers_into_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    config = loaded(monkeypatch, SEWERWORKS_WEB_THREADS="4")
    assert config.worker_class_str == "sync"
