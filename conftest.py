"""Fixtures shared by every Django-backed test (imports stay inside fixtures: the ordinance tests run
without Django)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Property tests check behaviour, not speed: no per-example deadline (CI shares 2 cores with PostgreSQL).
settings.register_profile("sewerworks", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("sewerworks")


@pytest.fixture
def make_user(db: Any) -> Callable[..., Any]:
    """make_user("clerk") -> an active user holding that role (password 'pw-<username>')."""
    from django.contrib.auth.models import Group, User

    counter = {"n": 0}

    def _make(*roles: str, username: str | None = None) -> Any:
        counter["n"] += 1
        name = username or ("_".join(r.replace(" ", "-") for r in roles) or "norole") + f"{counter['n']}"
        user = User.objects.create_user(username=name, password=f"pw-{name}")
        for role in roles:
            user.groups.add(Group.objects.get_or_create(name=role)[0])
        return user

    return _make


@pytest.fixture
def client_as(make_user: Callable[..., Any], client: Any) -> Callable[..., Any]:
    """client_as("clerk") -> the test client signed in as a new user with that role."""

    def _as(*roles: str) -> Any:
        user = make_user(*roles)
        client.force_login(user)
        client.user = user
        return client

    return _as


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing() -> None:
    """Tests make thousands of users: hash their passwords with a fast hasher (the real one costs about a
    third of a second each, by design). Production keeps Django's PBKDF2 (sewerworks.settings)."""
    from django.conf import settings as django_settings
    from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm

    django_settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()


@pytest.fixture(autouse=True)
def _nothing_kept_from_another_test() -> None:
    """What a page keeps (core.records.generation.kept) is fresh while the tables it read have not moved on; a
    test's writes are rolled back at its end, which moves nothing, and the next test's users may have the same
    pks: each test starts with nothing kept."""
    from django.conf import settings as django_settings

    if django_settings.configured:
        from django.core.cache import cache

        cache.clear()
