"""What the Town Engineer's acceptance of an extension still waits for (§118-31, 34, 35): shown on the project,
decided by nobody here (acceptance itself is a later step).

- Construction started and no stop-work order open.
- Every section of the test plan passed its latest exfiltration test (§118-31: "The sewer, as constructed,
  must pass the exfiltration test required in § 118-34 before it is to be used").
- For an extension an owner, builder or developer builds: every ended month of inspection billed, posted by
  billing, and nothing owed on the parcel of record's ledger (§118-31: the expenses of the inspection shall be
  paid by the owner, builder or developer; I-141).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sewerworks.billing.ledger.balances import balance
from sewerworks.engineering.actions.inspection_bills import unbilled_months
from sewerworks.engineering.choices import Builder, ProjectStatus


def acceptance_waits_for(project: Any, today: dt.date) -> list[str]:
    """Each thing acceptance waits for, in words; empty when nothing."""
    waits: list[str] = []
    if project.status != ProjectStatus.UNDER_CONSTRUCTION:
        return ["Construction has not started."]
    order = project.stop_work.filter(lifted_on__isnull=True).first()
    if order is not None:
        waits.append(f"The Town Engineer's stop-work order of {order.issued_on} is open (§ 118-31).")
    sections = list(project.sections.all())
    if not sections:
        waits.append("The exfiltration tests are not planned (§ 118-34).")
    results = [s.result() for s in sections]
    for result, words in (("untested", "not yet tested"), ("failed", "failed, awaiting repair and retest")):
        n = results.count(result)
        if n:
            waits.append(f"{n} section{'' if n == 1 else 's'} {words} (§ 118-34).")
    if project.builder == Builder.TOWN:
        return waits
    months = unbilled_months(project, today)
    if months:
        waits.append("Inspection not yet billed: " + ", ".join(f"{m:%B %Y}" for m in months) + " (§ 118-31).")
    unposted = project.inspection_months.filter(charge__billed_on__isnull=True).count()
    if unposted:
        waits.append(f"{unposted} month{'' if unposted == 1 else 's'} of inspection billed, not yet posted by billing.")
    if project.parcel_id is not None and project.inspection_months.exists():
        owed = balance(parcel=project.parcel)
        if owed > 0:
            waits.append(f"${owed:,.2f} is owed on parcel {project.parcel.tax_map_number}: the inspection is paid at "
                         "the counter (§ 118-31).")  # fmt: skip
    return waits
