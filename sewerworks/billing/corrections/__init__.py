"""Corrections of posted bills: a bill found wrong is voided and the account billed again (§118-52, §118-53).

Owns: voiding a posted bill by counter-entries (never an edit nor a delete) and rebilling the account for the
period (``void``: ``do_void_bill``, ``do_rebill_account``). A posted entry is never changed in place: every
correction is a new entry.

May import: Django, the ordinance, core, the registry, billing's models, choices, ``ledger``, ``penalties`` and
the engine (a rebill runs the same engine as the bill run). Never billing's views or API.
"""
