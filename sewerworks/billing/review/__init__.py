"""The Town Board's view of the sewer money (§118-50, §118-53, I-11, I-129): the revenue of each fund over a period
(``revenue``), a posted period's bills rated again at candidate rates by the bill run's own arithmetic
(``rerate``), the year's review of the user charges against each area's cost (``rate_review``), and its annual
reminder, a deadline of the Town's own opened by the daily sweep (``reminder``, ``steps``).

May import: Django, the ordinance, core, the registry, enforcement (the deadline engine), billing's models,
choices, ledger, engine (its ``Rating`` and SQL) and cash (funds). Nothing here writes a bill or a ledger entry.
"""
