from __future__ import annotations

from django.db import models


class PageHits(models.Model):
    """How many pages without sign-in one client address asked for in one minute (``sewerworks.public.ratelimit``):
    shared by every server process, unlike a cache. Rows older than an hour are removed as new ones come."""

    address = models.CharField("client address", max_length=64)
    minute = models.DateTimeField("minute")
    hits = models.PositiveIntegerField("pages", default=0)

    class Meta:
        verbose_name = "page hits of an address"
        constraints = [models.UniqueConstraint(fields=["address", "minute"], name="public_hits_once_per_minute")]

    def __str__(self) -> str:
        return f"{self.address} {self.minute:%H:%M}: {self.hits}"
