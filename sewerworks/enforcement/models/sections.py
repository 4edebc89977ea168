"""A Chapter 118 section field (the validator lives in core, for every program; its migrations name it here)."""

from __future__ import annotations

from sewerworks.core.sections import validate_section

__all__ = ["validate_section"]
