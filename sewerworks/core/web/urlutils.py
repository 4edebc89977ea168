"""URL helpers."""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any

from django.urls import include, path


def optional_include(prefix: str, module: str) -> list[Any]:
    """``[path(prefix, include(module))]`` if the module is present, else ``[]`` (apps land one by one)."""
    try:
        if find_spec(module) is None:
            return []
    except ModuleNotFoundError:
        return []
    return [path(prefix, include(module))]
