"""The ordinance browser: Chapter 118 by article and section, each with what implements it."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

import pytest
from django.urls import reverse

from sewerworks.core.models import BoardResolution, ParameterOverride
from sewerworks.core.ordinance_browser import coverage as cov
from sewerworks.core.ordinance_browser.coverage import Status, coverage, summarise, table_conflicts
from sewerworks.core.ordinance_browser.presentation import format_value, text_blocks
from sewerworks.core.ordinance_browser.rule_modules import rule_modules, sections_from_heading, sections_from_name
from sewerworks.ordinance.chapter.catalogue import UnknownSection, sections


def page(client: Any, number: str) -> Any:
    return client.get(reverse("core:ordinance_section", args=[number]))


def text_of(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# Classification


def test_every_section_has_exactly_one_status() -> None:
    entries = coverage()
    assert [e.number for e in entries] == [s.number for s in sections()]
    assert len({e.number for e in entries}) == len(entries) == 55
    assert all(isinstance(e.status, Status) and e.reason for e in entries)


def test_no_section_is_both_procedural_and_not_computable_and_every_listed_section_exists() -> None:
    assert not (cov.PROCEDURAL_ONLY.keys() & cov.NOT_COMPUTABLE.keys())
    assert table_conflicts() == []


def test_the_counts_per_status_add_up_to_the_chapter_and_give_the_coverage_figure() -> None:
    summary = summarise(coverage())
    assert sum(summary.counts.values()) == summary.total == 55
    assert summary.computable == 55 - summary.counts[Status.NOT_COMPUTABLE]
    expected = (Decimal(100 * summary.implemented) / summary.computable).quantize(Decimal("0.1"))
    assert summary.percent == expected


def test_the_exfiltration_test_makes_118_34_implemented_by_its_topic_and_rule_module() -> None:
    entry = cov.section_coverage("118-34")
    assert entry.status is Status.IMPLEMENTED
    assert "exfiltration-test" in entry.topics
    assert "s118_34_exfiltration" in entry.modules


def test_the_superintendents_appointment_is_procedural_and_118_13_is_not_computable_per_i02() -> None:
    assert cov.section_coverage("118-46").status is Status.PROCEDURAL
    entry = cov.section_coverage("118-13")
    assert entry.status is Status.NOT_COMPUTABLE
    assert "I-02" in entry.reason


def test_an_app_declaring_a_section_makes_it_implemented_and_raises_the_figure(monkeypatch: Any) -> None:
    monkeypatch.setattr(cov, "IMPLEMENTED_BY_APPS", {})
    before = summarise(coverage())
    assert cov.section_coverage("118-26").status is Status.NOT_YET
    cov.declare_implemented("§ 118-26", by="permits: trench inspection")
    cov.declare_implemented("118-26", by="permits: trench inspection")  # declaring twice changes nothing
    entry = cov.section_coverage("118-26")
    assert entry.status is Status.IMPLEMENTED
    assert entry.apps == ("permits: trench inspection",)
    after = summarise(coverage())
    assert after.implemented == before.implemented + 1
    assert after.computable == before.computable


def test_an_implemented_declaration_outranks_the_procedural_table(monkeypatch: Any) -> None:
    monkeypatch.setattr(cov, "IMPLEMENTED_BY_APPS", {})
    cov.declare_implemented("118-50", by="billing: annual rate review")
    assert cov.section_coverage("118-50").status is Status.IMPLEMENTED


def test_declaring_an_unknown_section_or_no_implementer_is_refused(monkeypatch: Any) -> None:
    monkeypatch.setattr(cov, "IMPLEMENTED_BY_APPS", {})
    with pytest.raises(UnknownSection, match="118-99"):
        cov.declare_implemented("118-99", by="billing")
    with pytest.raises(ValueError, match="by="):
        cov.declare_implemented("118-52", by=" ")
    assert cov.IMPLEMENTED_BY_APPS == {}


# Rule modules found by name and heading


@pytest.mark.parametrize(
    ("stem", "expected"),
    [
        ("s118_34_exfiltration", ["118-34"]),
        ("s118_19_21_building_sewer", ["118-19", "118-20", "118-21"]),
        ("s118_29_1_contract_users", ["118-29.1"]),
        ("s118_29_30_extensions", ["118-29", "118-29.1", "118-30"]),
        ("s118_99_nothing", []),
        ("registry", []),
        ("rulebook", []),
    ],
)
def test_a_rule_module_name_names_its_sections(stem: str, expected: list[str]) -> None:
    assert sections_from_name(stem) == expected


def test_a_rule_module_heading_names_its_sections_only_when_it_starts_with_the_section_sign() -> None:
    assert sections_from_heading("§§ 118-19 to 118-21 Building sewers.\n\nmore") == ["118-19", "118-20", "118-21"]
    assert sections_from_heading("§ 118-32 Design specifications (I-39).") == ["118-32"]
    assert sections_from_heading("Small helpers; see § 118-52.") == []
    assert sections_from_heading(None) == []


def test_the_exfiltration_module_is_found_among_the_rule_modules() -> None:
    assert any(m.name == "s118_34_exfiltration" and "118-34" in m.sections for m in rule_modules())


# Presentation


def test_values_read_as_a_clerk_reads_them() -> None:
    assert format_value(Decimal("10.00"), "USD") == "$10.00"
    assert format_value(Decimal("0.003"), "USD/gal") == "$0.003 per gal"
    assert format_value(Decimal("1250.00"), "USD") == "$1,250.00"
    assert format_value(100, "ft") == "100 ft"
    assert format_value(5000, "gal") == "5,000 gal"
    assert format_value(Decimal("7.48052"), "gal/ft3") == "7.48052 gal/ft3"
    assert format_value(10, "percent") == "10%"
    assert format_value(Decimal("4.5"), "gal/(manhole·day)") == "4.5 gal/(manhole·day)"
    assert format_value(True, "bool") == "yes"


def test_a_printed_table_becomes_rows_with_a_header() -> None:
    blocks = text_blocks(
        "Limits:\nSubstance | 30-Day | 24-Hour | |\n|---|---|---|---|\nCadmium | 0.4 | 0.8 | |\nAfter."
    )
    assert [b.kind for b in blocks] == ["paragraph", "table", "paragraph"]
    header, cadmium = blocks[1].rows
    assert header[0] == ("Substance", 1, True)
    assert cadmium == (("Cadmium", 1, False), ("0.4", 1, False), ("0.8", 1, False))


# Screens


@pytest.mark.django_db
def test_the_index_lists_every_section_with_its_status_and_the_coverage_figure(client_as: Any) -> None:
    response = client_as("clerk").get(reverse("core:ordinance_index"))
    assert response.status_code == 200
    html = text_of(response)
    for printed in sections():
        assert reverse("core:ordinance_section", args=[printed.number]) in html
    summary = summarise(coverage())
    assert f'<strong id="coverage-figure">{summary.percent}%</strong>' in html
    assert f"{summary.implemented} of {summary.computable}" in html
    assert "Article X, Sewer charges" in html and "heading inferred, I-07" in html
    for status in Status:
        assert status.label in html


@pytest.mark.django_db
def test_the_index_filters_by_status(client_as: Any) -> None:
    client = client_as("board member")
    html = text_of(client.get(reverse("core:ordinance_index"), {"status": "procedural"}))
    assert reverse("core:ordinance_section", args=["118-46"]) in html
    assert reverse("core:ordinance_section", args=["118-34"]) not in html
    html = text_of(client.get(reverse("core:ordinance_index"), {"status": "finished"}))
    assert "There is no status &#x27;finished&#x27;; showing every section." in html
    assert reverse("core:ordinance_section", args=["118-34"]) in html


@pytest.mark.django_db
def test_118_34_shows_the_exfiltration_topic_and_its_limits_with_their_reference(client_as: Any) -> None:
    response = page(client_as("town engineer"), "118-34")
    assert response.status_code == 200
    html = text_of(response)
    assert "exfiltration-test" in html
    assert "A 10-inch 80-ft section with one 48-inch manhole over 3 hours may lose 2.456 gallons" in html
    for key, value in [
        ("exfiltration.max_section_length", "100 ft"),
        ("exfiltration.min_test_period", "2 hours"),
        ("exfiltration.min_fill_period", "24 hours"),
        ("exfiltration.min_head", "5 ft"),
    ]:
        assert key in html
        assert f"<td>{value}</td>" in html
    assert "Chapter 118 text" in html
    assert "In force before 1985-05-20; original adoption date unknown (I-08)." in html
    assert "I-41" in html
    assert "Implemented" in html
    assert reverse("core:determination_list") in html
    assert 'rel="prev"' in html and "§ 118-33 Manholes" in html
    assert 'rel="next"' in html and "§ 118-35" in html


@pytest.mark.django_db
def test_118_52_marks_the_illustrative_rate_as_a_demo_value(client_as: Any) -> None:
    html = text_of(page(client_as("clerk"), "118-52"))
    assert "charges.rate_per_gallon" in html
    assert "<td>$0.003 per gal</td>" in html
    assert "Demo value" in html
    assert "stands in for a Town Board resolution we do not have (I-08)" in html
    assert "<td>$10.00</td>" in html and "L.L. No. 2-2000" in html  # the minimum charge is the Town's law


@pytest.mark.django_db
def test_a_rate_set_by_a_recorded_board_resolution_appears_with_its_instrument(client_as: Any) -> None:
    resolution = BoardResolution.objects.create(
        instrument="Resolution 2027-14", adopted_on=dt.date(2027, 3, 10), title="Sewer rate 2027"
    )
    ParameterOverride.objects.create(
        resolution=resolution,
        key="charges.rate_per_gallon",
        effective=dt.date(2027, 4, 1),
        value="0.0045",
        section="118-52",
    )
    html = text_of(page(client_as("clerk"), "118-52"))
    assert "<td>$0.0045 per gal</td>" in html
    assert "Resolution 2027-14" in html and "2027-03-10" in html and "Sewer rate 2027" in html
    assert f'<a href="/resolutions/{resolution.pk}/">Set by Resolution 2027-14 of 2027-03-10</a>' in html
    assert "<td>$0.003 per gal</td>" in html  # the demo value stays in the history before it


@pytest.mark.django_db
def test_a_refused_recorded_value_does_not_break_the_page(client_as: Any) -> None:
    resolution = BoardResolution.objects.create(
        instrument="Resolution 2027-15", adopted_on=dt.date(2027, 3, 10), title="Bad entry"
    )
    ParameterOverride.objects.create(
        resolution=resolution, key="charges.minimum_charge", effective=dt.date(2027, 4, 1), value=12.5
    )
    response = page(client_as("clerk"), "118-52")
    assert response.status_code == 200
    html = text_of(response)
    assert "value is set aside" in html and "charges.minimum_charge: 2027-04-01: float money" in html
    assert "<td>$10.00</td>" in html


@pytest.mark.django_db
def test_118_29_1_is_found_with_the_400_ft_reading(client_as: Any) -> None:
    response = client_as("clerk").get("/ordinance/118-29.1/")
    assert response.status_code == 200
    html = text_of(response)
    assert "Contract use by bordering property owners" in html
    assert "I-10" in html
    assert "within 400 feet of the Sewer Improvement Area boundary line" in html


@pytest.mark.django_db
def test_118_1_shows_the_definitions_under_inferred_headwords(client_as: Any) -> None:
    html = text_of(page(client_as("clerk"), "118-1"))
    assert "Building sewer <span" in html and "(headword inferred)" in html
    assert "The extension from the building drain to the public sewer or other place of disposal." in html
    assert "I-06" in html
    assert "Not computable" in html


@pytest.mark.django_db
def test_118_13_says_its_text_is_missing(client_as: Any) -> None:
    html = text_of(page(client_as("clerk"), "118-13"))
    assert "No text is printed under this heading" in html
    assert "I-02" in html and "Not computable" in html


@pytest.mark.django_db
def test_118_37_prints_its_table_of_toxic_limits_as_a_table(client_as: Any) -> None:
    html = text_of(page(client_as("clerk"), "118-37"))
    assert "<td>Cadmium</td> <td>0.4</td> <td>0.8</td>" in html or "<td>Cadmium</td><td>0.4</td><td>0.8</td>" in html


@pytest.mark.django_db
@pytest.mark.parametrize("number", ["118-99", "118-29.7", "banana", "118-"])
def test_an_unknown_section_is_not_found(client_as: Any, number: str) -> None:
    assert client_as("clerk").get(f"/ordinance/{number}/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/ordinance/", "/ordinance/118-34/"])
def test_an_anonymous_visitor_is_sent_to_sign_in(client: Any, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/ordinance/", "/ordinance/118-34/"])
def test_a_user_without_a_role_is_refused(client: Any, make_user: Any, url: str) -> None:
    client.force_login(make_user())
    assert client.get(url).status_code == 403
