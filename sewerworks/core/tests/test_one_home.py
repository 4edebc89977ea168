"""Each mechanism exists once (issue 9): the role check is ``core.access.permissions.require`` and the NUL check
is ``core.text``; no module writes its own. A new copy fails here, naming the file and line."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the sewerworks package
HOMES = {
    # refusing is core.access.permissions.require's; a screen may still ask has_perm to show a button or a panel
    "role check": (re.compile(r"raise PermissionDenied\(|has_perm\(.*\n\s*raise "), {"core/access/permissions.py"}),
    "NUL check": (re.compile(r'"\\x00"|\\0\b|chr\(0\)'), {"core/text.py"}),
}


def _sources() -> list[Path]:
    return [p for p in sorted(ROOT.rglob("*.py")) if "tests" not in p.parts and "migrations" not in p.parts]


def copies(pattern: re.Pattern[str], home: set[str]) -> list[str]:
    found = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text()
        for match in pattern.finditer(text):
            if rel not in home:
                found.append(f"{rel}:{text.count(chr(10), 0, match.start()) + 1}: {match.group(0).strip()}")
    return found


def test_the_role_check_is_written_once() -> None:
    pattern, home = HOMES["role check"]
    assert copies(pattern, home) == []


def test_the_nul_check_is_written_once() -> None:
    pattern, home = HOMES["NUL check"]
    assert copies(pattern, home) == []


def test_the_scans_would_see_a_copy() -> None:
    assert HOMES["role check"][0].search("    if not request.user.has_perm(perm):\n        raise HttpError(403)")
    assert not HOMES["role check"][0].search("    if not request.user.has_perm(perm):\n        return None")
    assert HOMES["role check"][0].search("raise PermissionDenied('no')")
    assert HOMES["NUL check"][0].search('if "\\x00" in value:')
