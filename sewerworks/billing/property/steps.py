"""The connection charge's late penalty, a step of the daily sweep, when the Board's reading gives it one (I-123).

``charges.connection_charge_penalty`` (in force on the day the bill was offered): ``none``, the packaged reading
(§118-54 speaks of "interest and penalties" but sets none), adds nothing; ``late_penalty`` adds, the day after the
bill's due date, one penalty of ``charges.late_penalty_rate`` per cent of the charge to a bill with anything left
to pay at the end of its due date, as §118-53 does for a sewer bill (keyed ``penalty:connection-<id>``, so a second
sweep adds nothing). Any other value is counted as refused and adds nothing.
"""

from __future__ import annotations

from django.utils import timezone

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.connection_charges import unpaid
from sewerworks.billing.models import ConnectionCharge, LedgerEntry
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.sweep import SweepContext, sweep_step
from sewerworks.ordinance.money import to_cents


@sweep_step("connection-charge-penalties", order=112)
def connection_charge_penalties(ctx: SweepContext) -> None:
    params = current_parameters()
    due = (
        ConnectionCharge.objects.filter(due_on__lt=ctx.as_of)
        .exclude(
            pk__in=[
                int(k.rsplit("-", 1)[1])
                for k in LedgerEntry.objects.filter(source_key__startswith="penalty:connection-").values_list(
                    "source_key", flat=True
                )
            ]
        )
        .select_related("parcel")
    )
    for charge in due:
        terms = params.at(charge.offered_on)
        reading = terms["charges.connection_charge_penalty"]
        if reading == "none":
            continue
        if reading != "late_penalty":
            ctx.count("connection_charge_penalties_refused")
            continue
        posted = LedgerEntry.objects.filter(source_key=f"pending:{charge.pending_charge_id}").first()
        if posted is None or unpaid(charge, on=charge.due_on) <= 0:
            continue
        amount = to_cents(charge.amount * terms.number("charges.late_penalty_rate") / 100)
        LedgerEntry.objects.create(
            parcel=charge.parcel,
            account_id=posted.account_id,
            kind=LedgerKind.PENALTY,
            amount=amount,
            posted_on=ctx.as_of,
            source_key=f"penalty:connection-{charge.pk}",
            section="118-54",
            description=f"Late penalty on connection charge {charge.number} (I-123)",
            run=f"sweep-{ctx.as_of.isoformat()}",
            created_at=timezone.now(),
        )
        ctx.count("connection_charge_penalties")
