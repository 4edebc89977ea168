"""Choice lists of inspections, in the ordinance's words."""

from django.db import models


class Result(models.TextChoices):
    """What came of an inspection. Only "failed" counts against the work; "not ready" and "cancelled" are the
    applicant's or the plumber's timing, no failure of the work (I-134)."""

    PASSED = "passed", "Passed"
    FAILED = "failed", "Failed"
    NOT_READY = "not_ready", "Not ready"
    CANCELLED = "cancelled", "Cancelled"


class Answer(models.TextChoices):
    """One checklist item as the inspector found it."""

    YES = "yes", "Satisfied"
    NO = "no", "Not satisfied"
    NOT_CHECKED = "", "Not checked"


class Requester(models.TextChoices):
    """Who gave the notice that opened the inspection."""

    PLUMBER = "plumber", "The plumber performing the work (§118-26)"
    APPLICANT = "applicant", "The permit's applicant (§118-25)"
    OWNER = "owner", "The property owner (§118-24)"
    STAFF = "staff", "Sewer Department staff"
