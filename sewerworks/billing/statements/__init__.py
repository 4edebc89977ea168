"""What the ledger says, for people: an account's statement (``account``) and the day's receipts at the counter
(``day``), both computed from the entries and payments on the fly, never stored.

May import: Django, core, the registry, billing's models and ``ledger``. Never billing's views or API.
"""
