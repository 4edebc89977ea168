"""The Town's written notices and fine statements as PDF documents on the Town's letterhead.

Public functions: :func:`notice_pdf`, :func:`notices_pdf` (a mailing run), :func:`fine_statement_pdf`
(all in :mod:`.render`). Templates: ``enforcement/templates/enforcement/documents/``.
"""
