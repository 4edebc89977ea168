"""Choice lists of the grease program, in the ordinance's words (§118-1, §118-38)."""

from django.db import models


class Premises(models.TextChoices):
    """§118-1: food service is a commercial kitchen or a restaurant; living quarters need no interceptor."""

    RESTAURANT = "restaurant", "Restaurant"
    COMMERCIAL_KITCHEN = "commercial_kitchen", "Commercial kitchen"


class InterceptorKind(models.TextChoices):
    EXTERIOR = "exterior", "Exterior precast interceptor (gallons)"
    INTERIOR = "interior", "Interior grease trap (pounds)"


class Category(models.TextChoices):
    """Which paragraph of §118-38 sizes the establishment's interceptor (I-35, I-66)."""

    NEW = "new", "New construction (established after 2000-07-24)"
    EXISTING = "existing", "Existing installation"
    PREEXISTING = "preexisting", "Preexisting, without an interceptor"


class InspectionOutcome(models.TextChoices):
    """The outcomes of the ``grease-inspection`` topic (I-36, I-68, I-69)."""

    IN_ORDER = "in-order", "In order"
    NEEDS_REVIEW = "needs-review", "Not performing below 80%: the Building Inspector decides"
    PUMP_OUT_DUE = "pump-out-due", "Pump-out due (80%): written notice"
    PUMP_OUT_ORDER = "pump-out-order", "At capacity and not performing: 72-hour order"


class PlanApprover(models.TextChoices):
    BUILDING_INSPECTOR = "building_inspector", "Building Inspector"
    SUPERINTENDENT = "superintendent", "Superintendent"
