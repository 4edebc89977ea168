"""Failed sign-ins counted per client address, so that password spraying is slowed (issue 30): the lockout
of ``authentication`` counts per user name, and 15 wrong passwords for 15 names from one address, then a
right one, signed in.

An :class:`AddressThrottle` counts the failures an address made within its window from the audit trail itself
(the failure rows carry ``detail.address``), so every web process and server sees the same count with
nothing else stored (a cache would be per process). Past its threshold the address is refused for the
cooling period (one ``throttled_action`` row, then one ``refused_action`` row per attempt refused, which
does not count as a failure); every other address signs in as usual, and the cooling's end wipes the slate.
The staff sign-in uses :data:`STAFF_SIGN_IN` (settings ``SEWERWORKS_LOGIN_ADDRESS_FAILURES`` (30, above the
per-user 10), ``SEWERWORKS_LOGIN_ADDRESS_WINDOW_MINUTES`` and ``SEWERWORKS_LOGIN_ADDRESS_COOLING_MINUTES`` (15
each)); another sign-in form (the public accounts of a later issue) makes its own with its failure action.

:func:`client_address` is the address counted: the peer's, unless the peer is a trusted proxy
(``SEWERWORKS_FORWARDED_ALLOW_IPS``, read from the same variable as gunicorn's ``forwarded_allow_ips``,
default 127.0.0.1: the shipped nginx); then the last address of X-Forwarded-For that is not itself a trusted
proxy. Behind nginx every peer is 127.0.0.1: counting the peer would let one person's typos lock out the
whole town hall; believing X-Forwarded-For from anyone would let a sprayer name a new address each time.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from sewerworks.core.models import AuditEvent

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _trusted() -> list[Network] | None:
    """The trusted proxies' networks; None: every peer is trusted ("*")."""
    raw = str(getattr(settings, "SEWERWORKS_FORWARDED_ALLOW_IPS", "127.0.0.1"))
    entries = [e.strip() for e in raw.split(",") if e.strip()]
    if "*" in entries:
        return None
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:  # a name or a typo trusts nothing (deploy checks name it)
            continue
    return networks


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _is_trusted(address: Any, trusted: list[Network] | None) -> bool:
    return trusted is None or any(address in network for network in trusted)


def client_address(request: HttpRequest | None) -> str:
    """The address of the client that sent ``request`` ("" without one): see the module's docstring."""
    if request is None:
        return ""
    peer_text = str(request.META.get("REMOTE_ADDR", ""))
    peer = _address(peer_text)
    trusted = _trusted()
    if peer is None or not _is_trusted(peer, trusted):
        return peer_text[:64]
    chain = [_address(hop) for hop in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")]
    if not chain or any(hop is None for hop in chain):  # none, or not addresses: the peer it came from
        return str(peer)
    for hop in reversed(chain):  # the proxies appended what they saw: the first untrusted from the right
        if not _is_trusted(hop, trusted):
            return str(hop)
    return str(chain[0])


@dataclass(frozen=True)
class AddressThrottle:
    """Refuse an address for ``cooling`` after ``failures`` failures (audit rows ``failed_action`` with
    ``detail.address``) within ``window``. Settings are read when asked, so a test or an operator's change
    applies at once."""

    failed_action: str
    throttled_action: str
    refused_action: str
    failures_setting: str
    window_setting: str
    cooling_setting: str
    default_failures: int = 30
    default_minutes: int = 15

    @property
    def failures(self) -> int:
        return int(getattr(settings, self.failures_setting, self.default_failures))

    @property
    def window(self) -> timedelta:
        return timedelta(minutes=int(getattr(settings, self.window_setting, self.default_minutes)))

    @property
    def cooling(self) -> timedelta:
        return timedelta(minutes=int(getattr(settings, self.cooling_setting, self.default_minutes)))

    def refused_until(self, address: str, *, now: datetime | None = None) -> datetime | None:
        """The end of the cooling period ``address`` is in now, or None."""
        if not address:
            return None
        now = now or timezone.now()
        last = self._last_throttle(address, since=now - self.cooling)
        return last + self.cooling if last is not None else None

    def refuse(self, address: str, **detail: Any) -> None:
        """Record an attempt refused while the address cools (not a failure)."""
        AuditEvent.objects.create(action=self.refused_action, subject=_subject(address), detail={**detail})

    def note_failure(self, address: str, **detail: Any) -> bool:
        """After a failure from ``address`` was written: throttle it when it is the threshold's (True)."""
        if not address:
            return False
        now = timezone.now()
        last = self._last_throttle(address)
        since = max(now - self.window, last + self.cooling) if last is not None else now - self.window
        count = AuditEvent.objects.filter(action=self.failed_action, at__gte=since, detail__address=address).count()
        if count < self.failures:
            return False
        AuditEvent.objects.create(
            action=self.throttled_action,
            subject=_subject(address),
            rows=count,
            detail={"address": address, "failures": count, "minutes": int(self.cooling.total_seconds() // 60),
                    **detail},
        )  # fmt: skip
        return True

    def _last_throttle(self, address: str, since: datetime | None = None) -> datetime | None:
        rows = AuditEvent.objects.filter(action=self.throttled_action, subject=_subject(address))
        if since is not None:
            rows = rows.filter(at__gt=since)
        last: datetime | None = rows.order_by("-at").values_list("at", flat=True).first()
        return last


def _subject(address: str) -> str:
    return f"address {address}"[:200]


ADDRESS_THROTTLED, ADDRESS_REFUSED = "login address throttled", "login refused (address)"
STAFF_SIGN_IN = AddressThrottle(
    failed_action="login failed",  # authentication.FAILED
    throttled_action=ADDRESS_THROTTLED,
    refused_action=ADDRESS_REFUSED,
    failures_setting="SEWERWORKS_LOGIN_ADDRESS_FAILURES",
    window_setting="SEWERWORKS_LOGIN_ADDRESS_WINDOW_MINUTES",
    cooling_setting="SEWERWORKS_LOGIN_ADDRESS_COOLING_MINUTES",
)
