from sewerworks.grease.models.establishments import FoodServiceEstablishment, Interceptor
from sewerworks.grease.models.inspections import GreaseInspection
from sewerworks.grease.models.pumpouts import Hauler, PumpOut

__all__ = ["FoodServiceEstablishment", "GreaseInspection", "Hauler", "Interceptor", "PumpOut"]
