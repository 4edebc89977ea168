"""What each kind of link reaches: for a link kind and a model shown on the public side, the records of that
model a set of the person's live links of that kind reaches (a ``Q``). :mod:`.scope` asks nothing else: a model
no kind reaches is reached by no one (deny by default).

The owner of a parcel (``PARCEL_OWNER``, granted by a bill's access code, I-160) reaches the parcel; its posted
bills, payments and notices served from the day the link's ownership began (``PublicLink.since``, I-164); and
its deadlines still open whenever set, with those closed since then. A later kind (a plumber's permit, a
restaurant's interceptor) adds its rows here and is walked by the leak table at once.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable

from django.db import models
from django.db.models import Q

from sewerworks.billing.choices import BillStatus
from sewerworks.billing.models import Bill, LedgerEntry
from sewerworks.enforcement.choices import DeadlineStatus
from sewerworks.enforcement.models import Deadline, Notice
from sewerworks.public.models import LinkKind, PublicLink
from sewerworks.registry.models import Parcel, SewerAccount

Reach = Callable[[Iterable[PublicLink]], Q]
NOTHING = Q(pk__in=[])
OPEN_DEADLINE = (DeadlineStatus.OPEN, DeadlineStatus.OVERDUE)


def _any(links: Iterable[PublicLink], one: Callable[[int, dt.date | None], Q]) -> Q:
    found = NOTHING
    for link in links:
        found |= one(link.object_id, link.since)
    return found


def _from(field: str, since: dt.date | None) -> Q:
    return Q(**{f"{field}__gte": since}) if since is not None else Q()


REACH: dict[tuple[str, type[models.Model]], Reach] = {
    (LinkKind.PARCEL_OWNER, Parcel): lambda links: Q(pk__in=[link.object_id for link in links]),
    (LinkKind.PARCEL_OWNER, SewerAccount): lambda links: Q(parcel_id__in=[link.object_id for link in links]),
    (LinkKind.PARCEL_OWNER, Bill): lambda links: Q(status=BillStatus.POSTED)
    & _any(links, lambda pk, since: Q(parcel_id=pk) & _from("period__end", since)),
    (LinkKind.PARCEL_OWNER, LedgerEntry): lambda links: _any(
        links, lambda pk, since: Q(parcel_id=pk) & _from("posted_on", since)
    ),
    (LinkKind.PARCEL_OWNER, Notice): lambda links: Q(served_on__isnull=False)
    & _any(links, lambda pk, since: Q(parcel_id=pk) & _from("served_on", since)),
    (LinkKind.PARCEL_OWNER, Deadline): lambda links: _any(
        links, lambda pk, since: Q(parcel_id=pk) & (Q(status__in=OPEN_DEADLINE) | _from("due_on", since))
    ),
}

# The models a public page names by a random public id (a URL or an API path carries it).
NAMED_BY_PUBLIC_ID: tuple[type[models.Model], ...] = (Parcel, Bill, Notice)


def reached(kind: str, model: type[models.Model], links: Iterable[PublicLink]) -> Q:
    """The ``Q`` of ``model`` that ``links`` (all of ``kind``) reach; nothing for a pair not declared."""
    reach = REACH.get((kind, model))
    return reach(links) if reach is not None else NOTHING
