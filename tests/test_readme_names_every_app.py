"""README's "Where things are" names every app of sewerworks as ``sewerworks/<app>/``, so a new program is never
left off the map."""

from __future__ import annotations

from pathlib import Path

import sewerworks

ROOT = Path(sewerworks.__file__).parent


def test_where_things_are_names_every_app() -> None:
    readme = (ROOT.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Where things are", 1)[1]
    apps = sorted(p.parent.name for p in ROOT.glob("*/apps.py"))
    assert {"billing", "contracts", "core", "permits", "pretreatment"} <= set(apps)
    assert [app for app in apps if f"`sewerworks/{app}/`" not in section] == []
    assert "`sewerworks/ordinance/`" in section and "`docs/interpretations.md`" in section
