"""Who may do what with inspections (§§118-24..26).

Everyone with a role reads them. The clerk's office, the Superintendent, the Town Engineer and inspectors record
the notices that ask for an inspection (the plumber's, the applicant's, the owner's) and schedule them. Only the
Town Engineer, an engineer approved by the town, or his deputy or representative passes a trench (§118-26; I-130:
the Sewer Department inspector is his representative): ``inspections.pass_trench``. The connection is made under
the supervision of the Sewer Department (the Superintendent and its inspectors) or a person the Town Board
appointed by a recorded resolution (§118-25): ``inspections.supervise_connection``; whoever may supervise one may
also record it (``enforcement.record_connection``), which the appointees are given here. The Sewer Department
inspects the lateral it or its approved contractor builds (§118-24). The clerk records the Board's appointments.
A board member changes nothing.
"""

from __future__ import annotations

from typing import Any

import rules
from django.utils import timezone

from sewerworks.core.access.permissions import say_who_may
from sewerworks.core.access.roles import CLERK, INSPECTOR, SUPERINTENDENT, TOWN_ENGINEER, has_role, is_staff_member


@rules.predicate
def is_board_appointee(user: Any) -> bool:
    """Appointed by a recorded Town Board resolution to supervise connections, on today's date (§118-25)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if not isinstance(getattr(user, "pk", None), int):  # a stand-in user (a role's preview) is appointed by no one
        return False
    from django.db.models import Q

    from sewerworks.inspections.models import Appointment

    today = timezone.localdate()
    return Appointment.objects.filter(
        Q(ends_on__isnull=True) | Q(ends_on__gte=today), user=user, starts_on__lte=today
    ).exists()


SEWER_DEPARTMENT = has_role(SUPERINTENDENT, INSPECTOR)
SUPERVISE = SEWER_DEPARTMENT | is_board_appointee

rules.add_perm("inspections.view_inspections", is_staff_member)
rules.add_perm("inspections.request_inspection", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER, INSPECTOR))
rules.add_perm("inspections.schedule_inspection", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER, INSPECTOR))
rules.add_perm("inspections.pass_trench", has_role(TOWN_ENGINEER, INSPECTOR))
rules.add_perm("inspections.supervise_connection", SUPERVISE)
rules.add_perm("inspections.inspect_lateral", SEWER_DEPARTMENT)
rules.add_perm("inspections.add_photo", has_role(SUPERINTENDENT, TOWN_ENGINEER, INSPECTOR) | is_board_appointee)
rules.add_perm("inspections.record_appointment", has_role(CLERK))
# §118-25: whoever may supervise a connection records it through enforcement's one action (no second path).
rules.set_perm("enforcement.record_connection", SUPERVISE)
say_who_may(
    {
        "inspections.pass_trench": "the Town Engineer or his representative, the inspector (§118-26, I-130)",
        "inspections.supervise_connection": "the Sewer Department or a person the Town Board appointed (§118-25)",
        "inspections.inspect_lateral": "the Sewer Department (§118-24)",
    }
)
