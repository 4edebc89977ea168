"""Choice lists of the registry, in the ordinance's words."""

from django.db import models


class BuildingUse(models.TextChoices):
    RESIDENTIAL = "residential", "Residential"
    COMMERCIAL = "commercial", "Commercial"
    INDUSTRIAL = "industrial", "Industrial"
    FOOD_SERVICE = "food_service", "Food service (commercial kitchen or restaurant)"
    CAR_WASH = "car_wash", "Car wash"
    INSTITUTIONAL = "institutional", "Institutional"


class ConnectionStatus(models.TextChoices):
    UNSEWERED = "unsewered", "Unsewered"
    NOTIFIED = "notified", "Notified to connect"
    CONNECTED = "connected", "Connected"


class PrivateSystemKind(models.TextChoices):
    SEPTIC_TANK = "septic_tank", "Septic tank"
    CESSPOOL = "cesspool", "Cesspool"
    PRIVY = "privy", "Privy"


class PrivateSystemStatus(models.TextChoices):
    IN_USE = "in_use", "In use"
    ABANDONED = "abandoned", "Cleaned, abandoned and filled"


class ReceivingWater(models.TextChoices):
    FRESH = "fresh", "Fresh water"
    SALINE = "saline", "Saline water"


class UserClass(models.TextChoices):
    RESIDENTIAL = "residential", "Residential"
    COMMERCIAL = "commercial", "Commercial"
    INDUSTRIAL = "industrial", "Industrial"
    INSTITUTIONAL = "institutional", "Institutional"


class MeterUnit(models.TextChoices):
    GALLONS = "gal", "Gallons"
    CUBIC_FEET = "ft3", "Cubic feet"


class MeterPurpose(models.TextChoices):
    """What a meter's water is for: sewer use is billed; vehicle-wash water is excluded (§118-6, I-44)."""

    SEWER_USE = "sewer_use", "Sewer use"
    VEHICLE_WASH = "vehicle_wash", "Vehicle wash (§118-6: excluded from sewer usage)"


class ReadSource(models.TextChoices):
    WATER_DISTRICT = "water_district", "Marlborough Water District"
    MANUAL = "manual", "Manual read"
    ESTIMATE = "estimate", "Estimate"


class PipeMaterial(models.TextChoices):
    DUCTILE_IRON = "ductile_iron", "Ductile iron"
    PVC = "pvc", "PVC"
    VITRIFIED_CLAY = "vitrified_clay", "Vitrified clay"
    ASBESTOS_CEMENT = "asbestos_cement", "Asbestos cement"
    OTHER = "other", "Other"
