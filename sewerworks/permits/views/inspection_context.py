"""What the permit page shows of its inspections: each one, the notice that asks for the next, the deadlines
the trench and the restoration left open (§§118-25..27)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.contenttypes.models import ContentType
from django.utils import timezone

from sewerworks.core.determinations.run import run_determination
from sewerworks.enforcement.actions.common import happened
from sewerworks.enforcement.forms import DATE, StyledForm
from sewerworks.inspections.forms import RequestForm
from sewerworks.inspections.models import Inspection
from sewerworks.permits.inspections.facts import open_deadlines, order_facts
from sewerworks.permits.inspections.subject import KINDS_OF, PermitSubject
from sewerworks.permits.models import Permit


class RestorationForm(StyledForm):
    restored_on = forms.DateField(label="Restored on", widget=DATE, validators=[happened("A restoration")])
    why = forms.CharField(label="Note", max_length=100, required=False)


def kinds_for(permit: Permit) -> list[Any]:
    keys = KINDS_OF.get(permit.kind, ())
    return [k for k in PermitSubject.kinds if k.key in keys]


def connection_waits_for(permit: Permit) -> list[str]:
    """For a permit ready for connection: what the connection would be refused for today (§118-25, I-49), as the
    ``inspection-order`` topic says (nothing stored)."""
    if permit.status != "ready_for_connection":
        return []
    decision = run_determination("inspection-order", order_facts(permit, "pass_connection", timezone.localdate()))
    return [f"§{f.section}: {f.sentence}" for f in decision.failed]


def inspection_context(permit: Permit, forms_given: dict[str, Any]) -> dict[str, Any]:
    """What the permit page shows of its inspections."""
    rows: list[Inspection] = list(
        Inspection.objects.filter(subject_type=ContentType.objects.get_for_model(Permit), subject_id=permit.pk)
        .select_related("inspector")
        .order_by("requested_on", "id")
    )
    return {
        "inspections": rows,
        "inspection_kinds": kinds_for(permit),
        "request_form": forms_given.get("request") or RequestForm(kinds=kinds_for(permit)),
        "restore_deadlines": list(open_deadlines(permit, "restore")),
        "reexcavate_deadlines": list(open_deadlines(permit, "reexcavate")),
        "restoration_form": forms_given.get("restoration") or RestorationForm(),
        "connection_waits_for": connection_waits_for(permit),
    }
