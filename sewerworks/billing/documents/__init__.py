"""Sewer bills on paper: one bill as a PDF, and a period's bills as one batch PDF for the mailing.

- :mod:`.context`: what a printed bill shows, gathered for many bills at once; the penalty date (§118-53).
- :mod:`.order`: the mailing order (by route, or by service address).
- :mod:`.render`: one bill's PDF; a chunk of bills typeset as one document.
- :mod:`.batch`: the whole period in chunks, typeset by up to two processes and joined with pypdf.
- :mod:`.how_to_pay`: the "How to pay" text (the Town's words from the settings).

Typesetting goes through ``sewerworks.core.documents`` (WeasyPrint, no network, the letterhead).
"""
