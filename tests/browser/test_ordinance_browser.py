"""A Board member reads the ordinance browser as a promise. The page must say what the apps' claims say, so
the test reads its expectations from the claims (``coverage()``), never from today's grades, which move as
code lands: the headline counts complete sections only; §118-25 shows its grade and the meter certification
linked to the screen, action and test that carry it out; a partial section shows its missing requirement
with what the department does meanwhile; the page of what is not complete lists each partial section with
its unfinished requirements only; a requirement's rule (a rule-only section's first) links to its
determination. Every page is screenshot and checked with axe-core."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from sewerworks.core.ordinance_browser.coverage import Grade, coverage, section_coverage, summarise
from sewerworks.core.ordinance_browser.requirements import State

pytestmark = pytest.mark.django_db(transaction=True)


def _first(grade: Grade, *, with_meanwhile: bool = False):
    for entry in coverage():
        if entry.grade is grade and (not with_meanwhile or any(r.meanwhile for r in entry.unfinished)):
            return entry
    pytest.fail(f"no section is graded {grade.label!r}: pick another case")


def test_a_board_member_opens_118_25_a_partial_section_and_the_list_of_what_is_not_complete(page, login, shot) -> None:
    summary = summarise(coverage())
    login("board member")
    page.get_by_role("link", name="Ordinance").click()
    page.wait_for_load_state()
    expect(page.locator("#coverage-figure")).to_have_text(f"{summary.complete} of 49")
    shot("ordinance-index")

    page.get_by_role("link", name="§ 118-25", exact=True).click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="§ 118-25 Inspection; installation of meter")).to_be_visible()
    expect(page.locator("#status [data-grade]")).to_have_text(section_coverage("118-25").grade.label)
    certified = page.locator(
        "li.requirement", has_text="the Water Superintendent certifies the meter installed and working"
    )
    expect(certified.locator("[data-state]")).to_have_text("Complete")
    expect(certified.get_by_text("registry:meter_certify")).to_be_visible()
    expect(certified.get_by_text("do_certify_meter")).to_be_visible()
    expect(certified.get_by_text(re.compile(r"test_meter_certify_screen\.test_"))).to_be_visible()
    shot("ordinance-118-25")

    partial = _first(Grade.PARTIAL, with_meanwhile=True)
    missing = next(r for r in partial.unfinished if r.meanwhile)
    done = next(r for r in partial.requirements if r.state is State.COMPLETE)
    page.goto(f"/ordinance/{partial.number}/")
    expect(page.locator("#status [data-grade]")).to_have_text("Partial")
    item = page.locator("li.requirement", has_text=missing.text).first
    expect(item.locator("[data-state]")).to_have_text(missing.state.label)
    expect(item).to_contain_text(f"Meanwhile: {missing.meanwhile}")
    shot("ordinance-partial")

    page.get_by_role("link", name="Chapter 118").click()
    page.wait_for_load_state()
    page.get_by_role("link", name="What is not complete, and what the department does meanwhile").click()
    page.wait_for_load_state()
    title = "What is not complete, and what the department does meanwhile"
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    listed = page.locator("article", has_text=f"§ {partial.number} ").first
    expect(listed).to_contain_text(missing.text)
    expect(listed).not_to_contain_text(done.text)  # complete requirements are not listed
    partials = [e for e in coverage() if e.grade is Grade.PARTIAL]
    expect(page.locator("#group-partial")).to_contain_text(f"{len(partials)} sections")
    shot("ordinance-not-complete")

    # a requirement's rule links to its determination: a rule-only section's when one is left, else any
    # section's (every one of them has a workflow now), read from the claims like the rest
    with_topic = [(e, r) for e in coverage() for r in e.requirements if r.topics]
    entry, topic = next(((e, r) for e, r in with_topic if e.grade is Grade.RULE_ONLY), with_topic[0])
    page.goto(f"/ordinance/{entry.number}/")
    expect(page.locator("#status [data-grade]")).to_have_text(entry.grade.label)
    item = page.locator("li.requirement", has_text=topic.text).first
    determination = item.locator("li", has_text="Determination:").get_by_role("link").first
    determination.click()
    page.wait_for_load_state()
    expect(page.locator("h1")).to_be_visible()
    shot("ordinance-rule-only-determination")
