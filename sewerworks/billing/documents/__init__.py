"""Sewer bills on paper: one bill as a PDF, and a period's bills as one batch PDF for the mailing.

- :mod:`.context`: what a printed bill shows, gathered for many bills at once; the penalty date (§118-53).
- :mod:`.order`: the mailing order (by route, or by service address).
- :mod:`.render`: one bill's PDF (WeasyPrint); a chunk of bills as plain ``PaperBill``s.
- :mod:`.paper`, :mod:`.paper_pdf`, :mod:`.paper_sheet`: a bill of the mailing in the words of the
  single bill, drawn with fpdf2 (about 8 ms a page against WeasyPrint's 120: see ``.paper``).
- :mod:`.batch`: the whole period in chunks, drawn by up to two processes and joined with pypdf.
- :mod:`.how_to_pay`: the "How to pay" text (the Town's words from the settings).

The single bill is typeset through ``sewerworks.core.documents`` (WeasyPrint, no network, the letterhead).
"""
