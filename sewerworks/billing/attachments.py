"""The billing records that hold files, for core's permission-checked download view.

A search letter (I-124) is read by everyone who reads billing, at ``/files/search-letter/<pk>/``.

A batch of bills for the mailing (every bill of a period in one PDF) is read by those who may print
the bills (the clerk's office and the Superintendent), at ``/files/bill-batch/<pk>/``.
"""

from __future__ import annotations

from typing import Any

from sewerworks.core.attachments.files import FileKind, register_attachment_owner


def _batch_name(batch: Any, _kind: FileKind | None) -> str:
    return str(batch.download_name)


register_attachment_owner(
    "bill-batch",
    model="billing.BillBatch",
    field="file",
    permission="billing.print_bills",
    download_name=_batch_name,
)


# The year end (§118-53): the statement filed with the Town Board, read by everyone who reads billing (the Board
# included), as a PDF and a CSV; the notices before relevy, read by those who print the mailing; the county's
# export and settlement files, read by the clerk who writes and records them.
def _named(suffix: str) -> Any:
    def name(record: Any, _kind: FileKind | None) -> str:
        return f"statement-of-unpaid-sewer-rents-{record.statement_date:%Y-%m-%d}-{record.pk}{suffix}"

    return name


register_attachment_owner("relevy-statement", model="billing.UnpaidStatement", field="pdf",
                          permission="billing.view_billing", download_name=_named(".pdf"))  # fmt: skip
register_attachment_owner("relevy-statement-csv", model="billing.UnpaidStatement", field="csv",
                          permission="billing.view_billing", download_name=_named(".csv"))  # fmt: skip
register_attachment_owner("relevy-notices", model="billing.NoticeBatch", field="file",
                          permission="billing.print_bills", download_name=_batch_name)  # fmt: skip
register_attachment_owner("tax-roll-export", model="billing.TaxRollExport", field="file",
                          permission="billing.export_tax_roll", download_name=_batch_name)  # fmt: skip
register_attachment_owner("county-settlement", model="billing.CountySettlement", field="file",
                          permission="billing.export_tax_roll")  # fmt: skip
register_attachment_owner(
    "search-letter",
    model="billing.SearchLetter",
    field="file",
    permission="billing.view_billing",
    download_name=_batch_name,
)
