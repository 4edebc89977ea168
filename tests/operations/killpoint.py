"""Run a ``sewerworks`` command that kills itself with SIGKILL at a named point: the fault tests (issue 19).

    python -m tests.operations.killpoint POINT [N] -- COMMAND [ARGS...]

POINT names where the process dies, without any hook in the code it kills:

- ``after:module:Qual.name``: as the Nth call of that function or method returns (its work done,
  whatever it committed committed, the rest not);
- ``before:module:Qual.name``: as the Nth call begins;
- ``sweep-step:NAME``: after the sweep step ``NAME`` has done its work, before the sweep commits.

Nothing is cleaned up: no ``finally``, no ``atexit``, no transaction rollback from Python: exactly what
the kernel does to a process killed for memory or a power cut (the database sees the connection drop).
:func:`run_killed` is the helper the tests call; it returns the finished process.
"""

from __future__ import annotations

import functools
import importlib
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _die() -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def _counting(fn: Any, n: int, when: str) -> Any:
    calls = {"n": 0}

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if when == "before" and calls["n"] == n:
            _die()
        result = fn(*args, **kwargs)
        if when == "after" and calls["n"] == n:
            _die()
        return result

    return wrapper


def arm(point: str, n: int = 1) -> None:
    """Install the kill point in this process (Django set up)."""
    when, _, target = point.partition(":")
    if when == "sweep-step":
        from sewerworks.enforcement import sweep

        step = sweep._STEPS[target]
        sweep._STEPS[target] = sweep.SweepStep(step.name, step.order, _counting(step.run, n, "after"))
        return
    if when not in {"before", "after"}:
        raise SystemExit(f"killpoint: unknown point {point!r}")
    module_name, _, qualname = target.partition(":")
    owner: Any = importlib.import_module(module_name)
    *parents, name = qualname.split(".")
    for parent in parents:
        owner = getattr(owner, parent)
    setattr(owner, name, _counting(getattr(owner, name), n, when))


def main(argv: list[str]) -> None:
    if "--" not in argv:
        raise SystemExit(__doc__)
    split = argv.index("--")
    point, n = argv[0], int(argv[1]) if split > 1 else 1
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sewerworks.settings")
    import django

    django.setup()
    arm(point, n)
    from django.core.management import execute_from_command_line

    execute_from_command_line(["sewerworks", *argv[split + 1 :]])


def database_url(connection: Any) -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def run_command(
    *command: str, connection: Any, point: str | None = None, n: int = 1, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``sewerworks COMMAND`` against the test database, killed at ``point`` if one is given."""
    env = {**os.environ, "DATABASE_URL": database_url(connection), "PYTHONPATH": str(ROOT), **(env or {})}
    prefix = ["-m", "tests.operations.killpoint", point, str(n), "--"] if point else ["manage.py"]
    return subprocess.run(  # noqa: S603 - our own interpreter and module
        [sys.executable, *prefix, *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


if __name__ == "__main__":
    main(sys.argv[1:])
