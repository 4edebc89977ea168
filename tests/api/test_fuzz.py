"""schemathesis over every API operation, as the administrator (who may do everything) and as a board
member (who may read and is refused the rest): no input gives a server error, and every answer is one
the schema documents (its status code, its content type and the shape of its body)."""

from __future__ import annotations

import os

import pytest

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db(transaction=True)]

EXAMPLES = int(os.environ.get("SEWERWORKS_FUZZ_EXAMPLES", "20"))
# The board member's answers differ from the administrator's only where the role is asked, after the input
# is validated: a 403 in place of the operation's answer. The administrator's run covers the inputs; the
# board's needs only enough cases per operation to reach that refusal (a quarter, for make test's time).
EXAMPLES_BY_ROLE = {"administrator": EXAMPLES, "board member": max(1, EXAMPLES // 4)}


@pytest.mark.parametrize("role", ["administrator", "board member"])
def test_every_api_answer_is_documented_and_none_is_a_server_error(live_server, make_user, role: str) -> None:
    import schemathesis
    from hypothesis import HealthCheck, given, settings
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        response_schema_conformance,
        status_code_conformance,
    )

    from sewerworks.core.models import ApiToken

    checks = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
    _, raw = ApiToken.issue(make_user(role), "fuzz")
    headers = {"Authorization": f"Bearer {raw}"}
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/openapi.json", headers=headers)
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1

        examples = EXAMPLES_BY_ROLE[role]

        @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(case=operation.as_strategy())
        def run(case) -> None:  # type: ignore[no-untyped-def]
            try:
                case.call_and_validate(base_url=live_server.url, headers=headers, checks=checks)
            except Exception as exc:  # noqa: BLE001 - every failed check is collected and reported together
                failures.append(f"{case.method} {case.operation.path}: {str(exc).strip().splitlines()[0][:300]}")

        run()
    assert operations > 10
    assert not failures, "\n".join(sorted(set(failures))[:20])
