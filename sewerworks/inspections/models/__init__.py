from sewerworks.inspections.models.appointments import Appointment
from sewerworks.inspections.models.inspections import Inspection, InspectionPhoto

__all__ = ["Appointment", "Inspection", "InspectionPhoto"]
