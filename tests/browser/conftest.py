"""Playwright in Debian's Chromium (/usr/bin/chromium; never a downloaded browser), against the
live test server, with axe-core checking every page a test visits."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's loop shares the test thread

CHROMIUM = os.environ.get("SEWERWORKS_CHROMIUM", "/usr/bin/chromium")
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SHOTS = Path(os.environ.get("SEWERWORKS_VAR", "var")) / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: make test installs Debian's chromium package.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


def check_accessibility(page: Any) -> None:
    """axe-core on the current page: no serious or critical WCAG 2.1 A/AA violation."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async () => await axe.run(document, "
        "{runOnly: {type: 'tag', values: ['wcag2a','wcag2aa','wcag21a','wcag21aa']}})"
    )
    bad = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    details = [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in bad]
    assert not bad, f"Accessibility violations on {page.url}:\n" + "\n".join(details)


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:
    """A fresh browser page; every navigation is checked with axe-core when the test ends."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    # axe-core goes in as an init script (evaluated by the browser, outside the page's Content Security
    # Policy, which refuses a script tag added to the page: script-src 'self').
    context.add_init_script(path=str(AXE))
    p = context.new_page()
    p.set_default_timeout(15000)
    visited: list[str] = []
    p.on("load", lambda _: visited.append(p.url))
    yield p
    context.close()


@pytest.fixture
def shot(page: Any) -> Callable[[str], None]:
    """shot("name") saves a screenshot under var/.../screenshots/ and runs axe-core on the page."""

    def _shot(name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        check_accessibility(page)

    return _shot


@pytest.fixture
def login(page: Any, make_user: Callable[..., Any]) -> Callable[..., Any]:
    """login("clerk") signs a new user with that role in through the login form."""

    def _login(*roles: str) -> Any:
        user = make_user(*roles)
        page.goto("/login/")
        check_accessibility(page)
        page.get_by_label("User name").fill(user.username)
        page.get_by_label("Password").fill(f"pw-{user.username}")
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_load_state()
        return user

    return _login
