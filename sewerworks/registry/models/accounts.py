from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models import StagedRows
from sewerworks.core.models.public_ids import ACCESS_CODE_LENGTH, RandomHex
from sewerworks.registry.choices import MeterPurpose, MeterUnit, ReadSource, UserClass
from sewerworks.registry.models.parcels import Parcel


class SewerAccount(models.Model):
    """A sewer user's account (§118-49, 52): billed semiannually on the water it uses, or on an estimate
    when it is outside the Marlborough Water District or unmetered (I-27)."""

    account_number = models.CharField("account no.", max_length=30, unique=True)
    parcel = models.ForeignKey(Parcel, verbose_name="parcel", on_delete=models.PROTECT, related_name="accounts")
    user_class = models.CharField("user class", max_length=14, choices=UserClass.choices, default=UserClass.RESIDENTIAL)
    metered = models.BooleanField("metered", default=True)
    in_water_district = models.BooleanField(
        "in the Marlborough Water District", default=True, help_text="Outside it, usage is estimated (§118-52, I-27)."
    )
    contract_user = models.BooleanField("contract user", default=False, help_text="§118-29.1.")
    opened_on = models.DateField("opened on", null=True, blank=True)
    closed_on = models.DateField("closed on", null=True, blank=True)
    mailing_route = models.CharField(
        "mailing route",
        max_length=20,
        blank=True,
        default="",
        db_default="",  # rows written by older code (or an older migration state) get no route
        help_text=(
            "The meter-reading route or book the bill is sorted into for mailing, e.g. 'R03'. "
            "Empty: the bill is sorted by its street (the route the reader walks)."
        ),
    )
    access_code = models.CharField(
        "access code",
        max_length=ACCESS_CODE_LENGTH,
        db_default=RandomHex(ACCESS_CODE_LENGTH),
        editable=False,
        help_text="Random, printed on every bill: with the account number it links the owner's public account to "
        "the parcel (I-160). Replaced by the clerk on request and when the parcel changes hands (I-161).",
    )
    history = HistoricalRecords(excluded_fields=["access_code"])

    class Meta:
        verbose_name = "sewer account"
        ordering = ["account_number"]

    def __str__(self) -> str:
        return self.account_number


class WaterMeter(models.Model):
    """A water meter read for sewer billing. The Water Superintendent certifies it before connection
    (§118-25); its number of dials tells when a reading rolled over."""

    serial = models.CharField("serial no.", max_length=40, unique=True)
    account = models.ForeignKey(SewerAccount, verbose_name="account", on_delete=models.PROTECT, related_name="meters")
    size_in = models.DecimalField("size (in)", max_digits=5, decimal_places=3, default=Decimal("0.625"))
    dials = models.PositiveSmallIntegerField(
        "dials", default=6, help_text="Digits on the register (rollover at 10^dials)."
    )
    unit = models.CharField("unit", max_length=3, choices=MeterUnit.choices, default=MeterUnit.GALLONS)
    installed_on = models.DateField("installed on", null=True, blank=True)
    removed_on = models.DateField("removed on", null=True, blank=True)
    certified_on = models.DateField(
        "certified on", null=True, blank=True, help_text="By the Water Superintendent (§118-25)."
    )
    certified_by = models.CharField("certified by", max_length=120, blank=True)
    purpose = models.CharField(
        "purpose",
        max_length=12,
        choices=MeterPurpose.choices,
        default=MeterPurpose.SEWER_USE,
        help_text="A car wash's separate vehicle-wash meter is excluded from sewer usage (§118-6, I-44).",
    )
    defective_since = models.DateField(
        "defective since", null=True, blank=True, help_text="Billed on the average of its last two good bills (I-26)."
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "water meter"
        ordering = ["serial"]

    def __str__(self) -> str:
        return self.serial

    @property
    def rollover(self) -> int:
        return int(10**self.dials)


class MeterRead(StagedRows):
    """A reading of a water meter. Append-only: a wrong read is corrected by a new one, never edited.
    Reads arrive in bulk from the water district, so each row names who created it and in which run; the
    district's file is imported in staged chunks, its reads hidden until the import publishes them."""

    meter = models.ForeignKey(
        WaterMeter,
        verbose_name="meter",
        on_delete=models.PROTECT,
        related_name="reads",
        db_index=False,  # the unique constraint's index (meter, read_on, source) leads with it
    )
    read_on = models.DateField("read on")
    reading = models.PositiveBigIntegerField("reading", help_text="The register as read, in the meter's unit.")
    source = models.CharField("source", max_length=14, choices=ReadSource.choices, default=ReadSource.WATER_DISTRICT)
    created_at = models.DateTimeField("recorded at", auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="recorded by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    run = models.CharField("run", max_length=64, blank=True, help_text="The import or batch that wrote it.")

    class Meta:
        verbose_name = "meter read"
        ordering = ["meter", "read_on"]
        constraints = [
            models.UniqueConstraint(fields=["meter", "read_on", "source"], name="registry_read_once_per_day_source")
        ]
        indexes = [
            models.Index(fields=["read_on"], name="registry_read_date"),
            # The bill run's look-up of a span's last read (billing/engine/plain.py): the reads it may bill on
            # (not estimates), ordered as it wants them (the latest day, then the highest reading) and holding
            # every column it reads, so each look-up is one short walk of this index and no visit to the table.
            # It replaces the foreign key's own index on the meter: the unique constraint's index above serves
            # every look-up by meter, so a read inserted maintains as many indexes as before.
            models.Index(
                fields=["meter", "read_on", "reading", "source", "import_run"],
                condition=~models.Q(source=ReadSource.ESTIMATE),
                name="registry_read_billed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.meter.serial} {self.read_on}: {self.reading}"
