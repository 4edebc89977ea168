"""Demo users, one per role, for the demo district (never for a real installation).

Passwords are random, made when the demo is built, and written to ``var/demo-credentials.txt``
(outside the repository), which ``make run`` prints.
"""

from __future__ import annotations

import datetime as dt
import functools
import secrets
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import Group, User

from sewerworks.core.access.roles import ROLES
from sewerworks.core.records.events import story_day

DEMO_USERS: dict[str, tuple[str, str, str]] = {
    # role: (username, first name, last name)
    "clerk": ("clerk", "Carol", "Clerk"),
    "superintendent": ("superintendent", "Sam", "Superintendent"),
    "town engineer": ("engineer", "Erin", "Engineer"),
    "inspector": ("inspector", "Ian", "Inspector"),
    "building inspector": ("buildinginspector", "Bea", "Building-Inspector"),
    "water superintendent": ("watersuper", "Walt", "Water-Superintendent"),
    "board member": ("board", "Bob", "Board-Member"),
    "administrator": ("admin", "Ada", "Administrator"),
}

# Apps add builders for their part of the demo district: fn(seed, parcels, stdout_write) -> None.
DEMO_BUILDERS: list[Callable[..., None]] = []
# Apps add the bulk generator's parts (``sewerworks demo --accounts M``), run after every demo builder:
# fn(seed, accounts, write) -> None.
BULK_BUILDERS: list[Callable[..., None]] = []


def told_on(today: dt.date) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A demo builder whose writes are recorded in the demo's story: on ``today`` (the demo's today), or on
    the day of the event a write records when earlier (``core.records.events.story_day``, I-114). A builder opens
    a ``story_day`` of its own around a step of an earlier day."""

    def wrap(builder: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(builder)
        def run(*args: object, **kwargs: object) -> None:
            with story_day(today):
                builder(*args, **kwargs)

        return run

    return wrap


def credentials_path() -> Path:
    return Path(settings.VAR_DIR) / "demo-credentials.txt"


def create_demo_users() -> dict[str, str]:
    """Create (or reset) one user per role; returns username -> password and writes the file."""
    lines = []
    passwords: dict[str, str] = {}
    for role, (username, first, last) in DEMO_USERS.items():
        assert role in ROLES
        password = "demo-" + secrets.token_urlsafe(9)
        user, _ = User.objects.get_or_create(username=username, defaults={"first_name": first, "last_name": last})
        user.first_name, user.last_name = first, last
        user.is_staff = role == "administrator"
        user.is_superuser = role == "administrator"
        user.set_password(password)
        user.save()
        user.groups.set([Group.objects.get_or_create(name=role)[0]])
        passwords[username] = password
        lines.append(f"{role:<21} {username:<18} {password}")
    path = credentials_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    path.chmod(0o600)
    return passwords
