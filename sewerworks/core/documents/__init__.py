"""The Town's documents: PDFs typeset with no network, the letterhead and wording they share, charts, safe CSV.

- :mod:`.render`: :func:`~.render.render_document` (a Django template typeset by WeasyPrint) and the URL
  fetcher that refuses the network and every file outside the package's ``static`` folders.
- :mod:`.town`: the letterhead and contacts (``settings.SEWERWORKS_TOWN`` overrides them key by key).
- :mod:`.wording`: how dates, money, sections of Chapter 118 and interpretation ids are printed.
- :mod:`.charts`: the geometry of a time-series chart in plain Python (server-side SVG, so PDFs get the charts
  the screens show, each with its data table).
- :mod:`.csvsafe`: every CSV the product writes, with no cell a spreadsheet would run as a formula.
- ``core/documents/base.html``: the page, the letterhead and the footer every document extends.

Programs keep their own templates and contexts (enforcement's notices, billing's bills) and call these.

May import: Django, WeasyPrint, core's base modules (``money``, ``sections``, ``text``) and ``records``. Never
``web``, ``api`` nor any app.
"""
