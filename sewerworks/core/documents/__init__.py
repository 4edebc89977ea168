"""The Town's documents as PDF: typesetting with no network, the letterhead and the wording they share.

- :mod:`.render`: :func:`~.render.render_document` (a Django template typeset by WeasyPrint) and the URL
  fetcher that refuses the network and every file outside the package's ``static`` folders.
- :mod:`.town`: the letterhead and contacts (``settings.SEWERWORKS_TOWN`` overrides them key by key).
- :mod:`.wording`: how dates, money, sections of Chapter 118 and interpretation ids are printed.
- ``core/documents/base.html``: the page, the letterhead and the footer every document extends.

Programs keep their own templates and contexts (enforcement's notices, billing's bills) and call these.
"""
