"""Billing over REST: periods (open, run as a job, review, post), bills and their lines, a parcel's ledger and
balance (``periods``), payments at the counter and their receipts (``payments``), bills on paper (``printing``),
void and rebill (``void``), deposits and the month's turnover (``cash``), adjustments, refunds and returned-check
letters (``corrections``), revenue per fund, budgets and the §118-50 rate review (``review``), the charges that
run with the property (``property``), the year end of unpaid sewer rents (``relevy``, its shapes in
``relevy_schemas``), on one router (``router``) with the shapes in ``schemas``.

Importing this package registers every endpoint, in the order of the published document, on ``router``, which
the site (``sewerworks.api``) adds. The endpoint modules import the router; nothing imports this package but the
site.

May import: Django, django-ninja, core (``core.api``), the registry's API helpers and every part of billing
below the screens (actions, ledger, statements, documents). Never billing's templates nor another program.
"""

# The order the endpoints were published in (the document lists them so).
# isort: off
from sewerworks.billing.api import periods  # noqa: F401
from sewerworks.billing.api import payments  # noqa: F401
from sewerworks.billing.api import printing  # noqa: F401
from sewerworks.billing.api import void  # noqa: F401
from sewerworks.billing.api import property  # noqa: F401  (the charges that run with the property)

# issue 34, after the published ones: the clerk's day and month, corrections, the Board's review
from sewerworks.billing.api import cash  # noqa: F401
from sewerworks.billing.api import corrections  # noqa: F401
from sewerworks.billing.api import review  # noqa: F401
from sewerworks.billing.api import relevy  # noqa: F401  (the year end, §118-53: after the published ones)

# isort: on
from sewerworks.billing.api.router import router

__all__ = ["router"]
