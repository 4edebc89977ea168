"""schemathesis: no input to any API endpoint produces a server error (5xx)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db(transaction=True)]


def test_no_api_input_causes_a_server_error(live_server, make_user) -> None:
    import schemathesis
    from hypothesis import HealthCheck, settings
    from schemathesis.specs.openapi.checks import not_a_server_error  # noqa: F401

    from sewerworks.core.models import ApiToken

    _, raw = ApiToken.issue(make_user("administrator"), "fuzz")
    schema = schemathesis.openapi.from_url(
        f"{live_server.url}/api/openapi.json", headers={"Authorization": f"Bearer {raw}"}
    )
    failures: list[str] = []
    for op in schema.get_all_operations():
        operation = op.ok()

        @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @schemathesis.given(case=operation.as_strategy())
        def run(case) -> None:  # type: ignore[no-untyped-def]
            response = case.call(base_url=live_server.url, headers={"Authorization": f"Bearer {raw}"})
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.formatted_path} -> {response.status_code}: {response.text[:200]}")

        run()
    assert not failures, "\n".join(failures[:20])
