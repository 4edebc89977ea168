"""Chapter 118 as a catalogue of sections."""

from __future__ import annotations

import re
from datetime import date
from importlib import resources

import pytest

from sewerworks.ordinance.chapter import (
    DEFINITION_HEADWORDS,
    UnknownSection,
    articles,
    definitions,
    section,
    sections,
)
from sewerworks.ordinance.chapter.catalogue import chapter_text


def test_every_printed_heading_is_a_section_in_order() -> None:
    headings = re.findall(r"^§ (118-[\d.]+) ", chapter_text(), flags=re.MULTILINE)
    assert len(headings) == 55
    assert [s.number for s in sections()] == headings
    assert len(sections()) == 55


def test_the_package_copy_of_the_chapter_is_the_text_we_have() -> None:
    text = resources.files("sewerworks.ordinance.chapter").joinpath("chapter-118-sewers.txt").read_text()
    assert text.startswith(
        "Marlborough City Zoning Code\nCHAPTER 118\nSewers\n§ 118-1 Definitions and word usage.\n"
    )
    assert text.rstrip().endswith("all necessary connections will be made under that contract.")


def test_section_118_29_1_contract_use_is_present_in_article_v() -> None:
    s = section("118-29.1")
    assert s.title == "Contract use by bordering property owners"
    assert s.article == "V"
    assert "within 400 feet" in s.text


def test_section_118_5_was_last_amended_on_24_july_2000() -> None:
    s = section("118-5")
    assert s.amendments == ("Amended 7-24-2000 by L.L. No. 2-2000",)
    assert s.latest_amendment == date(2000, 7, 24)
    assert s.title == (
        "Connection to public sewer required; abandonment of private facilities; penalties for offenses"
    )


def test_section_118_53_prints_several_amendment_notes() -> None:
    s = section("118-53")
    assert s.amendments == (
        "Amended 5-20-1985 by L.L. No. 1-1985",
        "Amended 3-9-1992; 8-22-1994 by L.L. No. 2-1994; 7-24-2000 by L.L. No. 2-2000",
    )
    assert s.amendment_dates == (date(1985, 5, 20), date(1992, 3, 9), date(1994, 8, 22), date(2000, 7, 24))
    assert s.latest_amendment == date(2000, 7, 24)


def test_a_section_with_no_amendment_printed_has_no_latest_amendment() -> None:
    assert section("118-34").amendments == ()
    assert section("118-34").latest_amendment is None


def test_section_118_52_amended_1988_and_2000_and_added_to_in_2000() -> None:
    s = section("118-52")
    assert s.amendments[0] == "Amended 12-19-1988 by L.L. No. 4-1988; 7-24-2000 by L.L. No. 2-2000"
    assert "Added 7-24-2000 by L.L. No. 2-2000" in s.amendments


@pytest.mark.parametrize("spelling", ["118-34", "§ 118-34", "§118-34", "  § 118-34 "])
def test_a_section_can_be_named_as_printed_or_bare(spelling: str) -> None:
    assert section(spelling).title == "Exfiltration test"


@pytest.mark.parametrize("number", ["118-55", "118-29.2", "118-0", "117-1", "exfiltration", ""])
def test_an_unknown_section_raises_unknown_section(number: str) -> None:
    with pytest.raises(UnknownSection) as raised:
        section(number)
    assert isinstance(raised.value, KeyError)
    assert "118" in str(raised.value) or repr(number) in str(raised.value)


def test_unknown_section_message_is_clear() -> None:
    with pytest.raises(UnknownSection, match=r"Chapter 118 has no § 118-55"):
        section("118-55")


def test_section_text_keeps_the_words_of_the_law() -> None:
    clause = "100 gallons per mile of pipe per 24 hours per inch of nominal pipe diameter"
    assert clause in section("118-34").text


def test_articles_follow_i_07_and_cover_every_section_once() -> None:
    numerals = [a.numeral for a in articles()]
    assert numerals == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
    covered = [n for a in articles() for n in a.sections]
    assert covered == [s.number for s in sections()]
    by = {a.numeral: a for a in articles()}
    assert by["IV"].title == "Building sewers and connections"
    assert by["IV"].sections[0] == "118-14" and by["IV"].sections[-1] == "118-28"
    assert by["X"].sections == ("118-48", "118-49", "118-50", "118-51", "118-52", "118-53", "118-54")
    assert section("118-47").article_title == "Administration and penalties"


def test_definition_headwords_are_inferred_per_i_06_one_for_each_printed_definition() -> None:
    defs = definitions()
    assert len(DEFINITION_HEADWORDS) == 28
    assert len(defs) == 28
    assert all(d.headword_inferred for d in defs)
    by = {d.headword: d for d in defs}
    assert by["Contract user (bordering property)"].notes == ("Added 4-22-1996 by L.L. No. 5-1996",)
    assert "within 200 feet" in by["Contract user (bordering property)"].text
    assert by["Watercourse"].text.startswith("A channel in which a flow of water occurs")
    assert by["Improvement boundaries"].text.startswith("The physical boundaries")
