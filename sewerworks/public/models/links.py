from __future__ import annotations

from django.conf import settings
from django.db import models


class LinkKind(models.TextChoices):
    """What a link grants (``sewerworks.public.kinds`` says which records each kind reaches)."""

    PARCEL_OWNER = "parcel_owner", "Owner of a parcel"


class PublicLink(models.Model):
    """That a person (a public account) may see one object: the one record every public page is scoped by.
    Granted by the person's proof (a bill's access code) or by staff; ended by staff, by the person, or when the
    parcel changes hands (I-161). Never deleted: an ended link keeps who ended it, when and why."""

    person = models.ForeignKey("public.PublicAccount", verbose_name="person", on_delete=models.PROTECT,
                               related_name="links")  # fmt: skip
    kind = models.CharField("kind", max_length=20, choices=LinkKind.choices)
    object_id = models.PositiveBigIntegerField("object id", help_text="The parcel's id, for an owner's link.")
    since = models.DateField(
        "sees records from", null=True, blank=True,
        help_text="The start of the ownership current when the link was made: earlier bills, payments and "
        "notices are not shown (I-164).",
    )  # fmt: skip
    granted_at = models.DateTimeField("granted at", auto_now_add=True)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="granted by", on_delete=models.PROTECT, related_name="+",
        help_text="The person themselves, with a bill's code; or staff.",
    )  # fmt: skip
    how = models.CharField("how", max_length=120, help_text="e.g. 'access code of account 1-0042'.")
    revoked_at = models.DateTimeField("ended at", null=True, blank=True)
    revoked_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="ended by", on_delete=models.PROTECT,
                                   null=True, blank=True, related_name="+")  # fmt: skip
    revoked_why = models.CharField("why it ended", max_length=200, blank=True)

    class Meta:
        verbose_name = "public link"
        ordering = ["-granted_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["person", "kind", "object_id"], condition=models.Q(revoked_at__isnull=True),
                                    name="public_one_live_link_per_object"),  # fmt: skip
        ]
        indexes = [models.Index(fields=["kind", "object_id"], name="public_link_object")]

    def __str__(self) -> str:
        return f"{self.person} · {self.get_kind_display()} {self.object_id}"

    @property
    def live(self) -> bool:
        return self.revoked_at is None
