from __future__ import annotations

from django.conf import settings
from django.db import models


class PublicAccount(models.Model):
    """A member of the public's account (an owner): signs in with an e-mail address, sees only what its links
    grant. Its user holds no role, ever (``sewerworks.public.signals`` refuses one), and its user name is not its
    e-mail address, so the staff sign-in page never lets it in."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, verbose_name="user", on_delete=models.PROTECT,
                                related_name="public_account")  # fmt: skip
    email = models.EmailField("e-mail address", max_length=254, unique=True, help_text="Lower case.")
    verified_at = models.DateTimeField("e-mail verified at", null=True, blank=True)
    paperless = models.BooleanField(
        "paperless bills", default=False,
        help_text="Bills of linked parcels go by e-mail (a link to the owner's page), not on paper (I-163).",
    )  # fmt: skip
    created_at = models.DateTimeField("signed up at", auto_now_add=True)

    class Meta:
        verbose_name = "public account"
        ordering = ["email"]

    def __str__(self) -> str:
        return self.email

    @property
    def verified(self) -> bool:
        return self.verified_at is not None
