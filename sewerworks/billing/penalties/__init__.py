"""§118-53 late penalties: the sweep that adds them and the withdrawal of one a later payment proves undue.

Owns: the penalty date of a bill and the set-based sweep, one ``INSERT … SELECT`` per posted period (``sweep``,
I-25), registered as a step of the daily sweep (``steps``), and the withdrawal of a penalty that a payment
recorded after the sweep proves undue (``withdrawal``, I-97).

May import: Django, the ordinance, core, the registry, enforcement's sweep registry and billing's models,
choices and ``ledger.owed``/``ledger.receipt_entries``. Never billing's views or API.
"""
