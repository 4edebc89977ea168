"""The clerk's cash (§118-53, I-11, I-126, I-127): the fund every amount is credited to (``funds``), the day's
drawer closed into a deposit (``deposits``), the month's moneys turned over to the Supervisor per fund
(``turnover``), the returned-check fee's charge kind (``charges``) and their papers: the deposit slip, the
turnover and the returned-check letter (``documents``).

May import: Django, the ordinance, core, the registry, billing's models, choices and ledger. The ``do_*`` actions
that close a deposit or a month are ``billing.actions.cash``'s; nothing here checks a role.
"""
