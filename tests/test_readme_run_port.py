"""The README says how to choose the port (and address) of ``make run``, and what it says is what the
Makefile and scripts/run.sh do."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_says_how_to_choose_the_port_of_make_run() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run PORT=8080" in readme
    assert "HOST=0.0.0.0" in readme and "ALLOWED_HOSTS" in readme


def test_the_makefile_takes_host_and_port_and_run_sh_serves_on_them() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^PORT \?= 8000$", makefile, re.M) and re.search(r"^HOST \?= 127\.0\.0\.1$", makefile, re.M)
    assert "scripts/run.sh $(HOST) $(PORT)" in makefile
    run = (ROOT / "scripts" / "run.sh").read_text(encoding="utf-8")
    assert 'runserver "$HOST:$PORT"' in run
