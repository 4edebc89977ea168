"""Every reading documented: one record per assigned id with its decision, the parameters that name it, the
sections it reads and how far it is carried out; the document generated from it is current; every id the
code cites is assigned, and every reading carried out is cited by some code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import sewerworks
from sewerworks.ordinance.chapter.catalogue import exists
from sewerworks.ordinance.interpretations import (
    ID_PATTERN,
    INTERPRETATIONS,
    RECORD,
    UNASSIGNED,
    Interpretation,
    Status,
    UnknownInterpretation,
    is_known,
    record,
    title,
)
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.readings import document

CODE = Path(sewerworks.__file__).parent
RECORD_FILES = {CODE / "ordinance" / "interpretations.py", *(CODE / "ordinance" / "readings").glob("*.py")}


def _code_citations(*, tests: bool) -> dict[str, set[str]]:
    """Id -> the files under sewerworks/ (code, parameters, templates) that cite it, the record itself left out."""
    cited: dict[str, set[str]] = {}
    for path in CODE.rglob("*"):
        if path.suffix not in {".py", ".yaml", ".html", ".txt"} or path in RECORD_FILES or not path.is_file():
            continue
        if not tests and "tests" in path.relative_to(CODE).parts:
            continue
        for found in ID_PATTERN.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(found, set()).add(str(path.relative_to(CODE)))
    return cited


def test_every_assigned_id_has_one_record_with_a_decision() -> None:
    assert len(RECORD) >= 100
    for ident, entry in RECORD.items():
        assert entry.id == ident and len(entry.decision) > 60, ident
    assert list(RECORD) == sorted(RECORD, key=lambda i: int(i[2:]))


def test_every_id_up_to_i_116_is_assigned_or_listed_as_never_assigned_and_none_is_both() -> None:
    """Ids above I-116 were handed out to the issues opened together (I-117 to I-184); those of them never handed
    out are listed, the others join the record as their issues land."""
    assert not set(RECORD) & set(UNASSIGNED)
    numbers = {int(i[2:]) for i in [*RECORD, *UNASSIGNED]}
    assert set(range(1, 117)) <= numbers
    assert "I-112" in UNASSIGNED and "tax map" in UNASSIGNED["I-112"]
    assert {"I-170", "I-171", "I-172"} <= set(RECORD)


def test_the_old_lookups_still_answer_the_title() -> None:
    assert INTERPRETATIONS["I-41"] == title("I-41") == RECORD["I-41"].title
    assert is_known("I-116") and not is_known("I-09") and not is_known("I-112")
    with pytest.raises(UnknownInterpretation, match="never used"):
        record("I-93")


@pytest.mark.parametrize(
    ("ident", "status"),
    [("I-11", Status.CARRIED_OUT), ("I-12", Status.IN_PART), ("I-49", Status.IN_PART), ("I-47", Status.IN_PART),
     ("I-28", Status.NOT_YET), ("I-29", Status.CARRIED_OUT), ("I-42", Status.NOT_YET), ("I-41", Status.CARRIED_OUT)],
)  # fmt: skip
def test_how_far_each_reading_is_carried_out(ident: str, status: Status) -> None:
    entry = RECORD[ident]
    assert entry.status is status
    assert bool(entry.missing) is (status is not Status.CARRIED_OUT)


def test_a_record_in_part_must_say_what_is_missing_and_one_carried_out_must_not() -> None:
    with pytest.raises(ValueError, match="I-900: a reading in part says what is missing"):
        Interpretation("I-900", title="t", decision="d", status=Status.IN_PART)
    with pytest.raises(ValueError, match="carried out has nothing missing"):
        Interpretation("I-900", title="t", decision="d", missing="x")
    with pytest.raises(ValueError, match="'§118-5' is not written as 118-N"):
        Interpretation("I-900", title="t", decision="d", sections=("§118-5",))


def test_each_reading_names_only_sections_of_the_chapter_and_those_its_title_cites() -> None:
    for entry in RECORD.values():
        assert all(exists(n) for n in entry.sections), entry.id
        first = re.match(r"§\s*(118-\d+(?:\.\d+)?)", entry.title)
        if first:
            assert first.group(1) in entry.sections, entry.id


def test_the_parameters_of_a_reading_are_exactly_those_whose_files_name_it() -> None:
    params = load_jurisdiction()
    naming: dict[str, set[str]] = {}
    for key in params.keys():
        for ident in params.parameter(key).interpretations:
            naming.setdefault(ident, set()).add(key)
    declared = {i: set(e.parameters) for i, e in RECORD.items() if e.parameters}
    assert declared == naming


def test_every_id_cited_by_the_code_is_assigned() -> None:
    cited = _code_citations(tests=True)
    assert {i: sorted(f) for i, f in cited.items() if i not in RECORD} == {}


def test_every_reading_carried_out_is_cited_by_some_code() -> None:
    cited = _code_citations(tests=False)
    silent = [i for i, e in RECORD.items() if e.status is Status.CARRIED_OUT and i not in cited]
    assert silent == []


def test_docs_interpretations_md_is_generated_from_the_record_and_current() -> None:
    text = document.render()
    assert document.DOCUMENT.read_text(encoding="utf-8") == text, (
        "docs/interpretations.md is stale: run .venv/bin/python -m sewerworks.ordinance.readings.document"
    )
    for ident, entry in RECORD.items():
        assert f"### {ident}: {entry.title}" in text and entry.decision in text
    assert "| I-112 |" in text


def test_a_stale_document_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(document, "DOCUMENT", tmp_path / "interpretations.md")
    assert document.main(["--check"]) == 1
    assert document.main([]) == 0
    assert document.main(["--check"]) == 0
