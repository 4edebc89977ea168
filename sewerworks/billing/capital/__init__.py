"""The capital cost amortization charge of a tax year (§118-49, 118-51, 118-52; I-28, I-10, I-122): computed per
parcel inside the improvement boundaries and per contract user, set-based (``sql``), by one action (``run``:
``do_run_capital_charge``), with what it could not charge named for the clerk (``issues``), and exported for the
town's tax statement in the county's column-map format (``export``).

May import: Django, the ordinance, core, the registry and billing's models. Never billing's ledger: the charge
is billed with the taxes, not on the sewer bill (I-28).
"""
