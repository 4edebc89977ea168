"""Who may do what in billing, role by role, written out independently of ``billing/rules.py``.

Everyone reads. The clerk's office and the Superintendent open periods and run the draft bills; the
Town Engineer may also enter strength records (industrial discharge); only the Superintendent reviews
and posts. An inspector or a board member changes no bill. A permission added to the rules without a
line here fails.
"""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.access.roles import ROLES
from sewerworks.core.testing.roles import table_gaps, wrong_permissions

pytestmark = pytest.mark.django_db

CLERK, SUPT, ENGINEER, INSPECTOR = "clerk", "superintendent", "town engineer", "inspector"
BOARD, ADMIN = "board member", "administrator"
EVERYONE = frozenset(ROLES)

EXPECTED: dict[str, frozenset[str]] = {
    "billing.view_billing": EVERYONE,
    "billing.open_period": frozenset({CLERK, SUPT, ADMIN}),
    "billing.run_bills": frozenset({CLERK, SUPT, ADMIN}),
    "billing.record_strength": frozenset({CLERK, SUPT, ENGINEER, ADMIN}),
    "billing.review_period": frozenset({SUPT, ADMIN}),
    "billing.post_period": frozenset({SUPT, ADMIN}),
    "billing.take_payment": frozenset({CLERK, SUPT, ADMIN}),
    "billing.reverse_payment": frozenset({SUPT, ADMIN}),
    "billing.print_bills": frozenset({CLERK, SUPT, ADMIN}),
    "billing.void_bill": frozenset({CLERK, SUPT, ADMIN}),
    "billing.rebill_account": frozenset({CLERK, SUPT, ADMIN}),
    "billing.file_statement": frozenset({CLERK, ADMIN}),
    "billing.record_relevy": frozenset({CLERK, ADMIN}),
    "billing.export_tax_roll": frozenset({CLERK, ADMIN}),
    "billing.run_capital_charge": frozenset({CLERK, SUPT, ADMIN}),
    "billing.post_connection_charge": frozenset({CLERK, SUPT, ADMIN}),
    "billing.write_search_letter": frozenset({CLERK, SUPT, ADMIN}),
    "billing.record_sale": frozenset({CLERK, SUPT, ADMIN}),
    # the clerk's cash and the Board's review (issue 34, I-127..I-129): the maker is never the checker
    "billing.close_deposit": frozenset({CLERK, SUPT, ADMIN}),
    "billing.close_month": frozenset({CLERK, ADMIN}),
    "billing.make_adjustment": frozenset({CLERK, SUPT, ADMIN}),
    "billing.approve_adjustment": frozenset({SUPT, ADMIN}),
    "billing.authorise_refund": frozenset({SUPT, ADMIN}),
    "billing.record_refund": frozenset({CLERK, ADMIN}),
    "billing.enter_budget": frozenset({CLERK, ADMIN}),
    "billing.draft_rate_review": frozenset({CLERK, SUPT, ADMIN}),
    "billing.decide_rate_review": frozenset({CLERK, ADMIN}),
}


def test_every_billing_permission_is_in_the_table() -> None:
    missing, stale = table_gaps("billing", EXPECTED)
    assert missing == set(), "a new permission needs its line in this table"
    assert stale == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES) + [""])
def test_each_role_holds_exactly_its_billing_permissions(make_user: Any, role: str) -> None:
    user = make_user(role) if role else make_user()
    assert wrong_permissions(user, role, EXPECTED) == []


@pytest.mark.parametrize("role", [INSPECTOR, BOARD])
def test_an_inspector_or_a_board_member_cannot_change_a_bill(client_as: Any, role: str, autumn: Any) -> None:
    client = client_as(role)
    for action in ("run", "review", "post"):
        assert client.post(f"/billing/periods/{autumn.pk}/{action}/").status_code == 403
    assert client.post("/billing/", {"end": "2027-03-31"}).status_code == 403
    assert client.get(f"/billing/periods/{autumn.pk}/").status_code == 200


@pytest.mark.parametrize("role", [INSPECTOR, BOARD, ENGINEER])
def test_an_inspector_cannot_take_or_reverse_a_payment(client_as: Any, role: str, make_account: Any) -> None:
    account = make_account()
    client = client_as(role)
    form = {"amount": "5.00", "method": "cash", "received_on": "2026-05-01", "receipt_number": "X-1"}
    assert client.post(f"/billing/counter/accounts/{account.pk}/", form).status_code == 403
    assert client.post(f"/billing/counter/accounts/{account.pk}/apply-credit/").status_code == 403
    assert client.post("/billing/receipts/1/reverse/", {"reason": "x"}).status_code == 403
    body = {"account_id": account.pk, "receipt_number": "X-1", "amount": "5.00", "method": "cash"}
    assert client.post("/api/billing/payments", body, content_type="application/json").status_code == 403


@pytest.mark.parametrize("role", [INSPECTOR, BOARD, ENGINEER])
def test_an_inspector_or_a_board_member_changes_no_cash_and_no_rate(client_as: Any, role: str) -> None:
    client = client_as(role)
    assert client.post("/billing/deposits/", {"day": "2026-11-30", "cash_counted": "0"}).status_code == 403
    assert client.post("/billing/turnover/2026/11/close/").status_code == 403
    assert client.post("/billing/adjustments/new/", {"bill": "1"}).status_code == 403
    assert client.post("/billing/adjustments/1/check/").status_code == 403
    assert client.post("/billing/accounts/1/refund/").status_code == 403
    assert client.post("/billing/budgets/", {"area": "1"}).status_code == 403
    assert client.post("/billing/rate-reviews/1/candidates/").status_code == 403
    assert client.post("/billing/rate-reviews/1/decision/").status_code == 403
    for page in ("/billing/deposits/", "/billing/turnover/2026/11/", "/billing/adjustments/", "/billing/refunds/",
                 "/billing/revenue/", "/billing/budgets/", "/billing/rate-reviews/"):  # fmt: skip
        assert client.get(page).status_code == 200, page
