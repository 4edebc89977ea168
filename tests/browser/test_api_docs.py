"""The API's documentation page (/api/docs) passes axe-core: the page's language, contrast of the method
badges and greys, and no interactive control inside another; served from vendored files, no CDN."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_api_docs_page_is_accessible_collapsed_and_open(page: Any, login: Any, shot: Any) -> None:
    login("clerk")
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(page.url.split("/api/")[0]) else None)
    page.goto("/api/docs")
    page.wait_for_selector(".opblock", state="attached")
    assert page.evaluate("document.documentElement.lang") == "en"
    shot("api-docs")
    page.locator(".opblock-summary-control").first.click()
    page.wait_for_selector(".opblock-body", state="attached")
    shot("api-docs-open")
    assert [u for u in outside if not u.startswith(("data:", "blob:"))] == []
