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


register_attachment_owner(
    "search-letter",
    model="billing.SearchLetter",
    field="file",
    permission="billing.view_billing",
    download_name=_batch_name,
)
