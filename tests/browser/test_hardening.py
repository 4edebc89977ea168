"""Issue 30 in the browser: the Superintendent cancels a queued job from the jobs page; a sign-in from an
address cooling after too many failures is told why; a server reached over plain http by a name other than
localhost says it must be reached over https, and its deploy guide opens without signing in."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import AXE, SHOTS, check_accessibility

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_superintendent_cancels_a_queued_job_from_the_jobs_page(page: Any, login: Any, shot: Any,
                                                                    make_user: Any) -> None:  # fmt: skip
    from sewerworks.core.jobs.runner import start_job
    from sewerworks.core.jobs.tasks import check_parameters
    from sewerworks.core.models import Job

    job = start_job(check_parameters, kind="check-parameters", title="Check the parameters in force",
                    acting_user=make_user("clerk"))  # fmt: skip
    login("superintendent")
    page.goto("/jobs/")
    expect(page.get_by_role("cell", name="Queued")).to_be_visible()
    shot("jobs-queued-with-cancel")
    page.get_by_role("button", name=f"Cancel Check the parameters in force (job {job.pk})").click()
    page.wait_for_load_state()
    expect(page.get_by_text("cancelled; the worker will not run it")).to_be_visible()
    expect(page.get_by_text("Cancelled before it started")).to_be_visible()
    shot("job-cancelled")
    assert Job.objects.get(pk=job.pk).status == Job.Status.CANCELLED


def test_a_sign_in_from_a_cooling_address_is_told_why(page: Any, make_user: Any, shot: Any) -> None:
    from sewerworks.core.access.throttle import STAFF_SIGN_IN
    from sewerworks.core.models import AuditEvent

    user = make_user("clerk")
    AuditEvent.objects.bulk_create(
        AuditEvent(action="login failed", subject=f"user name{i}", detail={"address": "127.0.0.1"}) for i in range(30)
    )
    assert STAFF_SIGN_IN.note_failure("127.0.0.1")  # the live server's client is this machine
    page.goto("/login/")
    page.get_by_label("User name").fill(user.username)
    page.get_by_label("Password").fill(f"pw-{user.username}")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Too many failed sign-ins from your address")).to_be_visible()
    shot("login-address-cooling")


def test_plain_http_by_a_server_name_says_it_must_be_reached_over_https(browser: Any, live_server: Any,
                                                                        settings: Any) -> None:  # fmt: skip
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "sewer.test"]
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    port = live_server.url.rsplit(":", 1)[1]
    town = f"http://sewer.test:{port}"  # a town's server name: the browser's requests go to the live server

    def to_live_server(route: Any) -> None:
        path = route.request.url.removeprefix(town)
        route.fulfill(response=route.fetch(url=live_server.url + path, headers={
            **route.request.headers, "host": f"sewer.test:{port}"}))  # fmt: skip

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(path=str(AXE))  # outside the page's Content Security Policy, as conftest's pages
    page = context.new_page()
    page.route(f"{town}/**", to_live_server)
    page.goto(f"{town}/login/")
    expect(page.get_by_text("This server must be reached over https")).to_be_visible()
    expect(page.get_by_role("link", name=f"https://sewer.test:{port}/login/")).to_be_visible()
    check_accessibility(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "login-plain-http.png"), full_page=True)
    page.get_by_role("link", name="deploy guide").click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="7. nginx and TLS")).to_be_visible()
    check_accessibility(page)
    page.screenshot(path=str(SHOTS / "deploy-guide.png"), full_page=True)
    context.close()
