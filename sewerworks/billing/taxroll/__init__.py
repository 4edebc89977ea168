"""Unpaid sewer rents to the tax roll (§118-53, issue 31): the Town Clerk's statement, the notice before relevy,
the relevy on the Board's adoption, the county's export and its settlement.

Owns:

- ``terms``: the dates of a statement (its day, the counter's cut-off, the roll's certification, the roll year)
  and the readings in force on them (I-119, I-120);
- ``sums``: what each bill owed unpaid, part by part, at the end of a day: one grouped SQL query (I-117);
- ``statement``: the draft statement (lines and every exclusion with its reason) and its filing, set-based;
  ``statement_docs``: the filed statement as a PDF for the Board and a CSV;
- ``relevy``: the moves of the adoption (``relevy_transfer`` entries, interest and relevy charge), set-based,
  all or nothing; a removal from the roll by counter-entries;
- ``columns``: a county file layout (names, order, widths; CSV or fixed width; versioned), written and read
  back, for any export (the relevy's here, the capital charge's next);
- ``export``: one row per parcel of a relevied statement, the rows the county cannot take (``rejects``);
  ``settlement``: the county's credits read through the same layout and reconciled per parcel;
- ``notices``: the notice before relevy on paper, drawn by the bill-paper machinery.

May import: Django, the ordinance, core, the registry, billing's models and choices, ``ledger``, ``penalties``
(the penalty dates and the sweep the filing brings up to date) and ``documents`` (the paper machinery). Never
billing's actions, views or API: they call this package.
"""
