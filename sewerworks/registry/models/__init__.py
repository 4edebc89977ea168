from sewerworks.registry.models.accounts import MeterRead, SewerAccount, WaterMeter
from sewerworks.registry.models.areas import ImprovementArea
from sewerworks.registry.models.buildings import Building, Connection, PrivateSystem
from sewerworks.registry.models.network import Lateral, Manhole, SewerMain, TreatmentPlant
from sewerworks.registry.models.owners import Owner, Ownership
from sewerworks.registry.models.parcels import AssessedValue, Parcel

__all__ = [
    "AssessedValue",
    "Building",
    "Connection",
    "ImprovementArea",
    "Lateral",
    "Manhole",
    "MeterRead",
    "Owner",
    "Ownership",
    "Parcel",
    "PrivateSystem",
    "SewerAccount",
    "SewerMain",
    "TreatmentPlant",
    "WaterMeter",
]
