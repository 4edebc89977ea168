"""One check of an app's role table (its ``tests/test_roles.py``): every permission the app's rules define
has its line, and each role holds exactly the permissions its line gives it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.permissions import permissions as registered


def table_gaps(app: str, expected: Mapping[str, frozenset[str]]) -> tuple[set[str], set[str]]:
    """(permissions the rules define that the table lacks, permissions the table names that no rule defines)."""
    ours = {p for p in registered if p.startswith(f"{app}.")}
    return ours - set(expected), set(expected) - ours


def wrong_permissions(user: Any, role: str, expected: Mapping[str, frozenset[str]]) -> list[str]:
    """The permissions ``user`` (holding ``role``, or none if "") holds or lacks against the table."""
    return [
        f"{perm}: {'refused' if role in allowed else 'allowed'}"
        for perm, allowed in sorted(expected.items())
        if user.has_perm(perm) != (role in allowed)
    ]
