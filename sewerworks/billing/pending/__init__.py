"""The other programs' pending charges (``core.PendingCharge``: fines, permit fees, contract-user charges) posted
to the ledger, every kind by the rule it declares: on the next bill, or on a bill of its own (``posting``).

May import: Django, the ordinance, core (``core.charges``), the registry, billing's models, choices and
``ledger``. Never billing's views or API.
"""
