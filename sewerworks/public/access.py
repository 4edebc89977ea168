"""How many tries the public side allows, counted in the audit trail (every process sees the same count; a
cache would be per process).

Per client address: the staff sign-in's mechanism, ``core.access.throttle.AddressThrottle`` (issue 30), with
the public side's own failure actions: :data:`SIGN_IN` (a wrong e-mail or password) and :data:`LINKING` (a wrong
account number or access code). The client address is ``throttle.client_address`` (X-Forwarded-For only behind
a trusted proxy).

Per account: :class:`SubjectLock` locks one e-mail address after ``SEWERWORKS_PUBLIC_ACCOUNT_FAILURES`` wrong
passwords, and one sewer account number after ``SEWERWORKS_PUBLIC_LINK_FAILURES`` wrong codes (I-160), within
the window, for the cooling period; every try while locked is refused. The number typed is counted whether an
account has it or not, so a lock never tells that an account exists.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils import timezone

from sewerworks.core.access.throttle import AddressThrottle, client_address
from sewerworks.core.models import AuditEvent

SIGN_IN_FAILED, LINK_FAILED = "public sign-in failed", "public link code wrong"

SIGN_IN = AddressThrottle(
    failed_action=SIGN_IN_FAILED,
    throttled_action="public sign-in address throttled",
    refused_action="public sign-in refused (address)",
    failures_setting="SEWERWORKS_PUBLIC_ADDRESS_FAILURES",
    window_setting="SEWERWORKS_PUBLIC_WINDOW_MINUTES",
    cooling_setting="SEWERWORKS_PUBLIC_COOLING_MINUTES",
)
LINKING = AddressThrottle(
    failed_action=LINK_FAILED,
    throttled_action="public linking address throttled",
    refused_action="public linking refused (address)",
    failures_setting="SEWERWORKS_PUBLIC_ADDRESS_FAILURES",
    window_setting="SEWERWORKS_PUBLIC_WINDOW_MINUTES",
    cooling_setting="SEWERWORKS_PUBLIC_COOLING_MINUTES",
)


@dataclass(frozen=True)
class SubjectLock:
    """Lock one subject ("public a@b.example", "account 1-0042") after ``failures`` rows ``failed_action`` of it
    within the window: a row ``locked_action`` starts the cooling period; its end wipes the slate."""

    failed_action: str
    locked_action: str
    refused_action: str
    failures_setting: str
    default_failures: int

    @property
    def failures(self) -> int:
        return int(getattr(settings, self.failures_setting, self.default_failures))

    @property
    def window(self) -> dt.timedelta:
        return dt.timedelta(minutes=int(getattr(settings, "SEWERWORKS_PUBLIC_WINDOW_MINUTES", 15)))

    @property
    def cooling(self) -> dt.timedelta:
        return dt.timedelta(minutes=int(getattr(settings, "SEWERWORKS_PUBLIC_COOLING_MINUTES", 15)))

    def _last_lock(self, subject: str, since: dt.datetime | None = None) -> dt.datetime | None:
        rows = AuditEvent.objects.filter(action=self.locked_action, subject=subject)
        if since is not None:
            rows = rows.filter(at__gt=since)
        last: dt.datetime | None = rows.order_by("-at").values_list("at", flat=True).first()
        return last

    def locked_until(self, subject: str) -> dt.datetime | None:
        last = self._last_lock(subject, since=timezone.now() - self.cooling)
        return last + self.cooling if last is not None else None

    def fail(self, subject: str, *, actor: Any = None, **detail: Any) -> bool:
        """Write the failure; lock the subject when it is the threshold's (True)."""
        AuditEvent.objects.create(action=self.failed_action, actor=actor, subject=subject, detail=detail)
        now = timezone.now()
        last = self._last_lock(subject)
        since = max(now - self.window, last + self.cooling) if last is not None else now - self.window
        count = AuditEvent.objects.filter(action=self.failed_action, subject=subject, at__gte=since).count()
        if count < self.failures:
            return False
        AuditEvent.objects.create(action=self.locked_action, actor=actor, subject=subject, rows=count,
                                  detail={**detail, "failures": count})  # fmt: skip
        return True

    def refuse(self, subject: str, *, actor: Any = None, **detail: Any) -> None:
        AuditEvent.objects.create(action=self.refused_action, actor=actor, subject=subject, detail=detail)


ACCOUNT_LOCK = SubjectLock(SIGN_IN_FAILED, "public sign-in locked", "public sign-in refused (locked)",
                           "SEWERWORKS_PUBLIC_ACCOUNT_FAILURES", 10)  # fmt: skip
CODE_LOCK = SubjectLock(LINK_FAILED, "public linking locked", "public linking refused (locked)",
                        "SEWERWORKS_PUBLIC_LINK_FAILURES", 5)  # fmt: skip

__all__ = ["ACCOUNT_LOCK", "CODE_LOCK", "LINKING", "SIGN_IN", "SubjectLock", "client_address"]
