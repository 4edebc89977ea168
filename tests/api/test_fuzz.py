"""schemathesis: no input to any API endpoint produces a server error (5xx)."""

from __future__ import annotations

import os

import pytest

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db(transaction=True)]

EXAMPLES = int(os.environ.get("SEWERWORKS_FUZZ_EXAMPLES", "20"))


def test_no_api_input_causes_a_server_error(live_server, make_user) -> None:
    import schemathesis
    from hypothesis import HealthCheck, given, settings

    from sewerworks.core.models import ApiToken

    _, raw = ApiToken.issue(make_user("administrator"), "fuzz")
    headers = {"Authorization": f"Bearer {raw}"}
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/openapi.json", headers=headers)
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(case=operation.as_strategy())
        def run(case) -> None:  # type: ignore[no-untyped-def]
            response = case.call(base_url=live_server.url, headers=headers)
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.formatted_path} -> {response.status_code}: {response.text[:300]}")

        run()
    assert operations > 10
    assert not failures, "\n".join(sorted(set(failures))[:20])
