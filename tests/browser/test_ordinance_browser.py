"""A Board member reads the ordinance browser as a promise: the headline counts complete sections only; §118-25
is partial, its meter certification linked to the screen, action and test that carry it out, the connection's
hold for it missing with what the inspector does meanwhile; §118-53 is partial without the Town Clerk's
statement; the page of what is not complete lists each partial section with its missing requirements. Every page
is screenshot and checked with axe-core."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from sewerworks.core.ordinance_browser.coverage import coverage, summarise

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_board_member_opens_118_25_and_118_53_and_the_list_of_what_is_not_complete(page, login, shot) -> None:
    summary = summarise(coverage())
    login("board member")
    page.get_by_role("link", name="Ordinance").click()
    page.wait_for_load_state()
    expect(page.locator("#coverage-figure")).to_have_text(f"{summary.complete} of 49")
    shot("ordinance-index")

    page.get_by_role("link", name="§ 118-25", exact=True).click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="§ 118-25 Inspection; installation of meter")).to_be_visible()
    expect(page.locator("#status [data-grade]")).to_have_text("Partial")
    certified = page.locator("li.requirement", has_text="the Water Superintendent certifies the meter")
    expect(certified.locator("[data-state]")).to_have_text("Complete")
    expect(certified.get_by_text("registry:meter_certify")).to_be_visible()
    expect(certified.get_by_text("do_certify_meter")).to_be_visible()
    expect(certified.get_by_text(re.compile(r"test_meter_certify_screen\.test_"))).to_be_visible()
    held = page.locator("li.requirement", has_text="the connection refused until the meter is certified")
    expect(held.locator("[data-state]")).to_have_text("Missing")
    expect(held).to_contain_text("Meanwhile: Before moving a permit to connected, the inspector checks")
    shot("ordinance-118-25")

    page.goto("/ordinance/118-53/")
    expect(page.locator("#status [data-grade]")).to_have_text("Partial")
    statement = page.locator("li.requirement", has_text="the Town Clerk's statement of unpaid charges")
    expect(statement.locator("[data-state]")).to_have_text("Missing")
    expect(statement).to_contain_text("prepared outside sewerworks")
    penalty = page.locator("li.requirement", has_text="10% of the bill added")
    expect(penalty.get_by_text("sewerworks sweep")).to_be_visible()
    shot("ordinance-118-53")

    page.get_by_role("link", name="Chapter 118").click()
    page.wait_for_load_state()
    page.get_by_role("link", name="What is not complete, and what the department does meanwhile").click()
    page.wait_for_load_state()
    title = "What is not complete, and what the department does meanwhile"
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    clerk = page.locator("article", has_text="§ 118-53")
    expect(clerk).to_contain_text("the Town Clerk's statement of unpaid charges filed with the Town Board (I-29)")
    expect(clerk).not_to_contain_text("10% of the bill added")  # complete requirements are not listed
    partial = [e for e in coverage() if e.grade.value == "partial"]
    expect(page.locator("#group-partial")).to_contain_text(f"{len(partial)} sections")
    shot("ordinance-not-complete")

    page.get_by_role("link", name="§ 118-34", exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("#status [data-grade]")).to_have_text("Rule only")
    page.get_by_role("link", name="Exfiltration test of a sewer section (§118-34)").first.click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="Exfiltration test of a sewer section (§118-34)", level=1)).to_be_visible()
    shot("ordinance-118-34-determination")
