"""Each packaged parameter file is named after the prefix of its keys: ``charges.*`` in charges.yaml,
``trench.*`` in trench.yaml. A reader looking for a key opens the file its name gives; the loader itself
reads every file of the folder and does not care what the files are called."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import sewerworks.ordinance.parameters as parameters_package
from sewerworks.ordinance.parameters import load_jurisdiction

FOLDER = Path(parameters_package.__file__).parent / "marlborough-ny"
FILES = sorted(FOLDER.glob("*.yaml"))


def test_there_are_parameter_files() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_key_of_a_file_starts_with_the_files_name(path: Path) -> None:
    keys = list(yaml.safe_load(path.read_text(encoding="utf-8")) or {})
    assert keys, f"{path.name} holds no parameter"
    assert [k for k in keys if not k.startswith(f"{path.stem}.")] == []


def test_every_loaded_parameter_comes_from_the_file_of_its_prefix() -> None:
    on_disk = {k for path in FILES for k in yaml.safe_load(path.read_text(encoding="utf-8"))}
    loaded = set(load_jurisdiction().keys())
    assert loaded == on_disk
    assert {
        "charges.minimum_charge",
        "contract_users.max_distance",
        "trench.min_bedding",
        "manholes.max_spacing",
    } <= loaded
