"""The charges that run with the property in the demo district, each on the day it happened (I-114):

- the capital charge of tax year 2026 (run 2025-12-01 on the 2025 roll) and of tax year 2027 (run on the demo's
  today on the 2026 roll, where one parcel's row came without its taxable value: named for the clerk);
- two §118-54 connection charges: one offered in October and paid at the counter, one offered in November and
  unpaid (due after the demo's today);
- a sale in November with its final read and final bill, the buyer owning the parcel since;
- a search letter on the sold parcel as of the demo's today.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.db.models import Count

from sewerworks.billing.capital.run import do_run_capital_charge, open_issues
from sewerworks.billing.models import ConnectionCharge
from sewerworks.billing.property.connection import do_pay_connection_charge, do_post_connection_charge
from sewerworks.billing.property.letter import do_write_search_letter
from sewerworks.billing.property.sale import do_record_sale
from sewerworks.core.records.events import story_day
from sewerworks.registry.actions import do_create_record
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import MeterRead, Parcel

D = dt.date


def _single_account_parcels() -> list[Parcel]:
    """Parcels inside an area with one open account that has one meter and a read: the ordinary homes."""
    return list(
        Parcel.objects.filter(improvement_area__isnull=False, accounts__closed_on__isnull=True)
        .annotate(n=Count("accounts", distinct=True), m=Count("accounts__meters", distinct=True))
        .filter(n=1, m=1)
        .order_by("tax_map_sort", "pk")[:40]
    )


def build_property_charges(*, clerk: Any, write: Callable[[str], None]) -> None:
    with story_day(D(2025, 12, 1)):
        last_year = do_run_capital_charge(2026, acting_user=clerk)
    this_year = do_run_capital_charge(2027, acting_user=clerk)
    homes = _single_account_parcels()
    charges: list[ConnectionCharge] = []
    for home, offered in zip(homes[30:32], (D(2026, 10, 15), D(2026, 11, 5)), strict=False):
        with story_day(offered):
            charges.append(
                do_post_connection_charge(
                    parcel=home, diameter_in="4" if not charges else "6", offered_on=offered, acting_user=clerk
                )
            )
    if charges:
        with story_day(D(2026, 10, 20)):
            do_pay_connection_charge(
                charges[0],
                amount=charges[0].amount,
                method="check",
                reference="2214",
                received_on=D(2026, 10, 20),
                payer="the owner",
                acting_user=clerk,
            )
    sold = homes[33] if len(homes) > 33 else None
    if sold is not None:
        sold_on = D(2026, 11, 16)
        meter = sold.accounts.get().meters.get()
        last = MeterRead.objects.filter(meter=meter, read_on__lt=sold_on).order_by("-read_on").first()
        with story_day(sold_on):
            buyer = do_create_record(
                "owner",
                {"name": "RIVERA MARISOL", "mailing_address": sold.address},
                acting_user=clerk,
                reason="Buyer at a sale",
            )
            sale = do_record_sale(
                sold,
                buyer=buyer,  # type: ignore[arg-type]
                sold_on=sold_on,
                acting_user=clerk,
                final_reading=(last.reading if last else 0) + 4_200,
            )
        letter = do_write_search_letter(
            sold, as_of=DEMO_TODAY, requested_by="Hudson & Vale LLP, for the buyer", acting_user=clerk
        )
        write(
            f"Sale of {sold.tax_map_number} on {sold_on}: final bill ${sale.amount:,}; search letter {letter.number}."
        )
    write(
        f"Capital charge: tax year 2026 {last_year.charged} parcels, 2027 {this_year.charged} parcels "
        f"({open_issues(2027).count()} to resolve); connection charges: {len(charges)} (one paid, one unpaid)."
    )
