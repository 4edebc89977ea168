"""Choice lists of the permits program, in the ordinance's words (§§118-7..18)."""

from django.db import models


class PermitKind(models.TextChoices):
    """The four permits Chapter 118 asks for before work touches a sewer or a private system."""

    BUILDING_SEWER = "building_sewer", "Building sewer permit (§118-15)"
    OPENING = "opening", "Permit to uncover, connect to, open, alter or disturb a public sewer (§118-14)"
    PRIVATE_SYSTEM = "private_system", "Private sewage disposal system (§§118-7..11)"
    OLD_SEWER_REUSE = "old_sewer_reuse", "Reuse of an old building sewer (§118-18)"


class PermitClass(models.TextChoices):
    """I-01: Class 1 residential and commercial service; Class 2 establishments producing industrial wastes."""

    CLASS_1 = "class_1", "Class 1 (residential and commercial)"
    CLASS_2 = "class_2", "Class 2 (industrial wastes)"


class PaymentMethod(models.TextChoices):
    CASH = "cash", "Cash"
    CHECK = "check", "Check"
    CARD = "card", "Card"
    MONEY_ORDER = "money_order", "Money order"


class AttachmentKind(models.TextChoices):
    PLANS = "plans", "Plans"
    SPECIFICATIONS = "specifications", "Specifications"
    COUNTY_PERMIT = "county_permit", "Ulster County Health Department permit"
    OTHER = "other", "Other information"


class Official(models.TextChoices):
    """Who decides a discretion finding (the ``decided_by`` the ordinance names)."""

    TOWN_ENGINEER = "Town Engineer", "Town Engineer"
    SEWER_DEPARTMENT = "Sewer Department", "Sewer Department"
    SUPERINTENDENT = "Superintendent of Sewers", "Superintendent of Sewers"
    SUPERINTENDENT_AVAILABILITY = "Superintendent", "Superintendent"
    INSPECTOR = "Sewer Department inspector", "Sewer Department inspector"
    COUNTY = "Ulster County Department of Health", "Ulster County Department of Health"


class DiscretionVerdict(models.TextChoices):
    ACCEPTED = "accepted", "Accepted"
    REFUSED = "refused", "Refused"


class Examiner(models.TextChoices):
    TOWN_ENGINEER = "town_engineer", "Town Engineer"
    APPROVED_ENGINEER = "engineer_approved_by_town", "Engineer approved by the town"
    OTHER = "other", "Someone else"
