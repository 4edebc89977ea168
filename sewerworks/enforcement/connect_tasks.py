"""The Superintendent's Notice to Connect tasks (§118-5, §118-12; I-92), raised and closed by the sweep.

Where a public sewer is available to a parcel with a building not yet connected and no Notice to Connect
was ever served, the owner owes nothing yet: §118-5's 180 days run "after the date of the official notice",
so no deadline can be opened. What is owed is the Town's act, serving the notice: a task for the
Superintendent, raised once per parcel (a unique constraint; a second sweep raises nothing), saying why
(the availability found: the main and its distance), shown on the dashboard and the connection roster, and
marked done when a Notice to Connect is served on the parcel. Set-based: one query finds the parcels, one
spatial index judges their availability, one bulk insert raises the tasks, one audit record names the run.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from sewerworks.core.models import AuditEvent
from sewerworks.enforcement.choices import NoticeKind
from sewerworks.enforcement.models import Notice, NoticeToConnectTask
from sewerworks.enforcement.sweep import SweepContext, sweep_step
from sewerworks.ordinance.parameters import NotInForce
from sewerworks.registry.availability import availability_for
from sewerworks.registry.choices import ConnectionStatus
from sewerworks.registry.models import Connection, Parcel

SERVED = Notice.objects.filter(parcel=OuterRef("pk"), kind=NoticeKind.NOTICE_TO_CONNECT, served_on__isnull=False)


def parcels_owed_a_notice() -> list[Parcel]:
    """Parcels in an improvement area with a building not connected, no Notice to Connect ever served and
    no task yet (whether sewer is available is judged after, with one spatial index)."""
    unconnected = Connection.objects.filter(building__parcel=OuterRef("pk")).exclude(status=ConnectionStatus.CONNECTED)
    tasked = NoticeToConnectTask.objects.filter(parcel=OuterRef("pk"))
    return list(
        Parcel.objects.filter(improvement_area__isnull=False)
        .filter(Exists(unconnected), ~Exists(SERVED), ~Exists(tasked))
        .only("pk", "polygon", "tax_map_number")
    )


@sweep_step("notice-to-connect-tasks", order=15)
def raise_and_close_tasks(ctx: SweepContext) -> None:
    """Raise the task where a notice is owed (I-92); close it where a Notice to Connect has been served."""
    owed = parcels_owed_a_notice()
    try:
        judged = availability_for(owed, on=ctx.as_of) if owed else []
    except NotInForce:  # a day before the §118-5 distance was in force: no sewer was "available" then
        judged = []
    tasks = [
        NoticeToConnectTask(
            parcel_id=a.parcel_id,
            raised_on=ctx.as_of,
            why=f"A public sewer is available and no Notice to Connect was ever served: {a.sentence}"[:400],
        )
        for a in judged
        if a.available
    ]
    if tasks:
        NoticeToConnectTask.objects.bulk_create(tasks, ignore_conflicts=True)
        AuditEvent.objects.create(
            actor=None,
            action="raise_notice_to_connect_tasks",
            subject="daily sweep",
            rows=len(tasks),
            detail={"as_of": ctx.as_of.isoformat()},
        )
        ctx.count("notice_to_connect_tasks_raised", len(tasks))
    served_there = Notice.objects.filter(
        parcel=OuterRef("parcel"), kind=NoticeKind.NOTICE_TO_CONNECT, served_on__isnull=False
    )
    for task in (
        NoticeToConnectTask.objects.filter(done_on__isnull=True).filter(Exists(served_there)).select_for_update()
    ):
        notice = (
            Notice.objects.filter(parcel_id=task.parcel_id, kind=NoticeKind.NOTICE_TO_CONNECT, served_on__isnull=False)
            .order_by("served_on", "id")
            .first()
        )
        if notice is None or notice.served_on is None:
            continue
        task.done_on, task.notice = notice.served_on, notice
        task._change_reason = f"Done: {notice.number} served"  # type: ignore[attr-defined]
        task.save(update_fields=["done_on", "notice"])
        ctx.count("notice_to_connect_tasks_done")
