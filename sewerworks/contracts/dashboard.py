"""The contract users' dashboard panel: the last screen's candidates by outcome, petitions awaiting the
Town Board, and a screen running."""

from __future__ import annotations

from django.http import HttpRequest

from sewerworks.contracts.actions.screening import latest_screen, screen_running
from sewerworks.contracts.choices import AgreementStatus, Outcome
from sewerworks.contracts.models import ContractAgreement
from sewerworks.core.dashboard import Panel, dashboard_panel


@dashboard_panel
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
