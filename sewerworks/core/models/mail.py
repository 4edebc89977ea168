from __future__ import annotations

from django.db import models


class OutgoingMail(models.Model):
    """One e-mail the site sends (a sign-up's verification link, a password reset, a paperless bill's link):
    written in the transaction of the work that sends it, then delivered through Django's e-mail backend by
    ``core.mail`` and retried while the mail server is down. ``key`` makes a mail sent once per purpose (one
    bill's mail to one person) whatever retries its sender makes."""

    to = models.EmailField("to", max_length=254)
    subject = models.CharField("subject", max_length=200)
    body = models.TextField("body")
    kind = models.CharField("kind", max_length=40, help_text="What it is for, e.g. verify, reset, paperless-bill.")
    key = models.CharField("key", max_length=120, unique=True, null=True, blank=True,
                           help_text="Sent once per key (e.g. paperless-bill:<bill>:<person>).")  # fmt: skip
    created_at = models.DateTimeField("queued at", auto_now_add=True)
    sent_at = models.DateTimeField("sent at", null=True, blank=True)
    attempts = models.PositiveSmallIntegerField("attempts", default=0)
    next_try_at = models.DateTimeField("next try at", null=True, blank=True, db_index=True)
    claimed_at = models.DateTimeField(
        "being sent since", null=True, blank=True,
        help_text="A sender holds it; another leaves it alone until this is stale.",
    )  # fmt: skip
    last_error = models.CharField("last error", max_length=300, blank=True)

    class Meta:
        verbose_name = "outgoing mail"
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["sent_at", "next_try_at"], name="core_mail_due")]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to}: {self.subject}"

    @property
    def status(self) -> str:
        if self.sent_at is not None:
            return "sent"
        return "retrying" if self.attempts else "queued"
