"""Billing's part of the demo district: the rates and read schedule, periods run and posted, the Water District's
read file (``district``), the accounts whose reads arrive in it (``reads``) and payments at the counter
(``payments``). Registered on the registry's demo at start-up; never run on a real installation.

May import: anything of billing, core and the registry: the demo is billing's top.
"""
