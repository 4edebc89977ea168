"""The contract users' dashboard panel: the last screen's candidates by outcome, petitions awaiting the
Town Board, and a screen running; and the clerk's work (I-113): each petition awaiting the Town Board,
one click to record its decision."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from sewerworks.contracts.actions.screening import latest_screen, screen_running
from sewerworks.contracts.choices import AgreementStatus, Outcome
from sewerworks.contracts.models import ContractAgreement
from sewerworks.core.access.roles import BOARD_MEMBER, CLERK, SUPERINTENDENT, TOWN_ENGINEER
from sewerworks.core.web.dashboard import Panel, WorkItem, dashboard_panel, my_work


@dashboard_panel(roles=[CLERK, SUPERINTENDENT, TOWN_ENGINEER, BOARD_MEMBER])
def contracts_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("contracts.view_contracts"):
        return None
    latest = latest_screen()
    counts = latest.counts if latest else {}
    context = {
        "latest": latest,
        "rows": [(o.value, o.label, counts.get(o.value, 0)) for o in Outcome],
        "awaiting": ContractAgreement.objects.filter(status=AgreementStatus.PETITIONED).count(),
        "running": screen_running(),
    }
    return Panel("Contract users (§118-29.1)", "contracts/_dashboard_panel.html", context, order=45)


@my_work(roles=[CLERK])
def petition_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Petitions before the Town Board: the clerk records its decision (§118-29.1)."""
    awaiting = ContractAgreement.objects.filter(status=AgreementStatus.PETITIONED).select_related("parcel")
    for agreement in awaiting.order_by("petitioned_on", "id"):
        yield WorkItem(
            title="Record the Town Board's decision on the petition", subject=f"{agreement.parcel.tax_map_number}"
            f" · {agreement.petitioner}", action="Record the decision", section="118-29.1",
            url=reverse("contracts:agreement_detail", args=[agreement.pk]), program="Contract users (§118-29.1)",
            note=f"Petitioned {agreement.petitioned_on:%b %-d, %Y}",
        )  # fmt: skip
