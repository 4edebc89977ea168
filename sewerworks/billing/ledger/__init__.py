"""The ledger: money as append-only entries, and everything read or written by its rules (§118-52, §118-53).

Owns:

- ``balances``: **the balance rule**: a balance is never stored; it is the SQL sum of the entries of a parcel
  or an account (charges positive, payments negative), exact because amounts are integer cents.
- ``owed``: what an account owes bill by bill and part by part (charge, penalty), and its unapplied credit, as
  of a day (I-65).
- ``receipt_entries``: how a receipt's money is keyed and written (``payment:<receipt>:bill:<id>:<part>``) and
  the pair of entries that moves a part back to the receipt's credit.
- ``reallocation``: a payment entered after later-received ones settles first (I-116).
- ``receipts``: the receipt of a payment as a PDF and what it settled, netted per bill part.

A credit applied to bills as they come due is an action above both the ledger and the penalties (it settles the
penalties a payment proves undue): ``billing.actions.credits``.

May import: Django, the ordinance, core, the registry and billing's models and choices. Never ``penalties``
(they read the ledger, not the reverse), billing's actions, views, API or engine.
"""
