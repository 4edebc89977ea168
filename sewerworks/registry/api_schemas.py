"""What the registry API reads and writes: one output schema per record, an input schema for what may be
created, and a patch schema (every field optional) for what may be changed.

Geometry travels as WKT text in EPSG:2260 (US survey feet), as stored; a parcel also carries its polygon
as GeoJSON in longitude/latitude for a map. Decimal values travel as strings, never floats (I-23).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Annotated, Any

from ninja import Field, Schema
from pydantic import PlainSerializer, StrictInt, StrictStr, create_model

from sewerworks.core.api.schemas import Day
from sewerworks.registry.choices import BuildingUse, MeterUnit, ReadSource, UserClass
from sewerworks.registry.filters import MAX_ID

Id = Annotated[int, Field(ge=1, le=MAX_ID)]
Small = Annotated[int, Field(ge=0, le=32767)]
DecimalStr = Annotated[Decimal, PlainSerializer(str, return_type=str)]
WKT_MAX = 2_000_000  # characters of WKT accepted in one geometry


# --- Output ---------------------------------------------------------------------------------------------

class ImprovementAreaOut(Schema):
    id: int
    code: str = Field(..., description="Short code, e.g. 'marlborough'.")
    name: str = Field(..., description="e.g. 'Hamlet of Marlborough' (§118-1).")
    boundary: str = Field(..., description="Improvement boundaries, WKT polygon in EPSG:2260 (ft).")


def _geojson(text: str) -> dict[str, Any] | None:
    from sewerworks.registry.geometry import geojson_lonlat

    try:
        return geojson_lonlat(text) if text else None
    except Exception:  # a stored geometry the map cannot draw is left off the map, not a failed request
        return None


class ParcelOut(Schema):
    id: int
    tax_map_number: str = Field(..., description="Section.block-lot on the assessor's roll.")
    street_number: str
    street_name: str
    address: str = Field(..., description="Street number and name.")
    improvement_area_id: int | None = Field(None, description="Empty when outside both improvement areas.")
    improvement_area_code: str | None = Field(None, description="Code of the Sewer Improvement Area.")
    land_use_class: str = Field(..., description="New York property class code, e.g. 210.")
    land_use_class_name: str = Field(
        "", description="The class by name, e.g. 'One family year-round residence' for 210; empty with no code."
    )
    polygon: str = Field(..., description="Parcel boundary, WKT in EPSG:2260 (ft); empty if unknown.")
    discharge_point: str = Field(..., description="Where its sewage leaves the property, WKT point in EPSG:2260.")
    geojson: dict[str, Any] | None = Field(None, description="The polygon as GeoJSON in longitude/latitude.")
    connected: bool = Field(False, description="A building on it is connected to the public sewer (§118-5).")
    private_system_in_use: bool = Field(False, description="A septic tank, cesspool or privy is in use on it.")

    @staticmethod
    def resolve_improvement_area_code(obj: Any) -> str | None:
        return obj.improvement_area.code if obj.improvement_area_id else None

    @staticmethod
    def resolve_geojson(obj: Any) -> dict[str, Any] | None:
        return _geojson(obj.polygon)


class OwnerOut(Schema):
    id: int
    name: str
    mailing_address: str
    city: str
    state: str
    postal_code: str
    mailing_block: str = Field(..., description="The address block for a notice or bill.")


class OwnershipOut(Schema):
    id: int
    parcel_id: int
    owner_id: int
    start: dt.date | None = Field(None, description="Owner from.")
    end: dt.date | None = Field(None, description="Owner until; empty while they still own it.")


class BuildingOut(Schema):
    id: int
    parcel_id: int
    name: str
    use: str = Field(..., description="residential, commercial, industrial, food_service, car_wash, institutional.")
    dwelling_units: int
    seats: int | None = Field(None, description="Seating of a food service facility (§118-38).")
    established_on: dt.date | None = None
    connection_status: str | None = Field(None, description="unsewered, notified or connected; empty if unknown.")

    @staticmethod
    def resolve_connection_status(obj: Any) -> str | None:
        try:
            return str(obj.connection.status)
        except Exception:  # no connection row yet
            return None


class SewerAccountOut(Schema):
    id: int
    account_number: str
    parcel_id: int
    user_class: str
    metered: bool
    in_water_district: bool = Field(..., description="Outside it, usage is estimated (§118-52, I-27).")
    contract_user: bool = Field(..., description="§118-29.1.")
    opened_on: dt.date | None = None
    closed_on: dt.date | None = None


class WaterMeterOut(Schema):
    id: int
    serial: str
    account_id: int
    size_in: DecimalStr = Field(..., description="Size in inches, as a decimal string.")
    dials: int = Field(..., description="Digits on the register; it rolls over at 10^dials.")
    unit: str = Field(..., description="gal or ft3.")
    installed_on: dt.date | None = None
    removed_on: dt.date | None = None
    certified_on: dt.date | None = Field(None, description="Certified by the Water Superintendent (§118-25).")
    certified_by: str
    defective_since: dt.date | None = Field(None, description="Billed on its last two good bills from then (I-26).")


class MeterReadOut(Schema):
    id: int
    meter_id: int
    meter_serial: str
    read_on: dt.date
    reading: int = Field(..., description="The register as read, in the meter's unit.")
    source: str
    created_at: dt.datetime
    created_by: str | None = Field(None, description="Username of who recorded it.")
    run: str = Field(..., description="The import or batch that wrote it.")

    @staticmethod
    def resolve_meter_serial(obj: Any) -> str:
        serial = getattr(obj, "meter_serial", None)  # annotated by the API's queries (registry.api._reads)
        return str(serial if serial is not None else obj.meter.serial)

    @staticmethod
    def resolve_created_by(obj: Any) -> str | None:
        if not obj.created_by_id:
            return None
        name = getattr(obj, "created_by_username", None)  # annotated like meter_serial
        return str(name) if name is not None else str(obj.created_by.get_username())


class TreatmentPlantOut(Schema):
    id: int
    improvement_area_id: int
    name: str
    average_daily_flow_gpd: int = Field(..., description="Average daily flow in gallons per day (§118-39, I-32).")
    receiving_water: str = Field(..., description="fresh or saline (I-33).")
    location: str = Field(..., description="WKT point in EPSG:2260 (ft).")


class ManholeOut(Schema):
    id: int
    identifier: str
    improvement_area_id: int
    location: str = Field(..., description="WKT point in EPSG:2260 (ft).")
    diameter_in: int


class SewerMainOut(Schema):
    id: int
    identifier: str
    improvement_area_id: int
    diameter_in: int
    material: str
    installed_on: dt.date | None = None
    path: str = Field(..., description="WKT line in EPSG:2260 (ft), drawn in the direction of flow.")
    upstream_manhole_id: int | None = None
    downstream_manhole_id: int | None = None


# --- Input ----------------------------------------------------------------------------------------------

class ParcelIn(Schema):
    tax_map_number: str = Field(..., min_length=1, max_length=40, description="e.g. '108.12-3-45'.")
    street_number: str = Field("", max_length=20)
    street_name: str = Field("", max_length=120)
    improvement_area_id: Id | None = Field(None, description="Id of its Sewer Improvement Area, or null.")
    land_use_class: str = Field("", max_length=3, pattern=r"^[0-9]*$", description="e.g. '210'.")
    polygon: str = Field("", max_length=WKT_MAX, description="WKT POLYGON in EPSG:2260 (ft).")
    discharge_point: str = Field("", max_length=WKT_MAX, description="WKT POINT in EPSG:2260 (ft).")


class OwnerIn(Schema):
    name: str = Field(..., min_length=1, max_length=200)
    mailing_address: str = Field("", max_length=200)
    city: str = Field("", max_length=80)
    state: str = Field("NY", max_length=2)
    postal_code: str = Field("", max_length=10)


class TransferIn(Schema):
    owner_id: Id = Field(..., description="The new owner.")
    on: Day = Field(..., description="First day of the new ownership; the current one ends the day before.")
    reason: str = Field("", max_length=100)


class BuildingIn(Schema):
    parcel_id: Id
    name: str = Field("", max_length=120)
    use: BuildingUse = BuildingUse.RESIDENTIAL
    dwelling_units: Small = 0
    seats: Small | None = None
    established_on: Day | None = None


class SewerAccountIn(Schema):
    account_number: str = Field(..., min_length=1, max_length=30)
    parcel_id: Id
    user_class: UserClass = UserClass.RESIDENTIAL
    metered: bool = True
    in_water_district: bool = True
    contract_user: bool = False
    opened_on: Day | None = None
    closed_on: Day | None = None


class WaterMeterIn(Schema):
    serial: str = Field(..., min_length=1, max_length=40)
    account_id: Id
    size_in: Decimal = Field(Decimal("0.625"), max_digits=5, decimal_places=3, ge=0, description="Inches, e.g. 0.625.")
    dials: int = Field(6, ge=1, le=12, description="Digits on the register.")
    unit: MeterUnit = MeterUnit.GALLONS
    installed_on: Day | None = None
    removed_on: Day | None = None
    defective_since: Day | None = None


class CertifyIn(Schema):
    on: Day = Field(..., description="Date the Water Superintendent certified it installed and working (§118-25).")


class MeterReplaceIn(Schema):
    """A meter change: the old meter's final read and the new meter's initial read, on one day (I-60)."""

    new_serial: str = Field(..., min_length=1, max_length=40, description="The new meter's serial no.")
    replaced_on: Day = Field(..., description="Day of the change; both reads are dated it (not in the future).")
    final_reading: int = Field(..., ge=0, le=10**18, description="The old register when it came out.")
    initial_reading: int = Field(0, ge=0, le=10**18, description="The new register when it went in.")
    source: ReadSource = Field(ReadSource.MANUAL, description="manual or water_district (not estimate).")
    reason: str = Field("", max_length=100, description="Why, for the meters' history.")


class MeterChangeOut(Schema):
    old: WaterMeterOut
    new: WaterMeterOut
    final_read: MeterReadOut
    initial_read: MeterReadOut
    audit_event_id: int


MeterKey = Annotated[StrictInt, Field(ge=1, le=MAX_ID)] | Annotated[StrictStr, Field(min_length=1, max_length=40)]


class MeterReadRowIn(Schema):
    meter: MeterKey = Field(..., description="The meter's serial no. (a string) or id (a number).")
    read_on: Day
    reading: int = Field(..., ge=-(10**30), le=10**30, description="The register as read, in the meter's unit.")
    source: ReadSource = ReadSource.WATER_DISTRICT


class MeterReadBatchIn(Schema):
    run: str = Field("", max_length=64, description="Names the import (e.g. the water district's file); optional.")
    reads: list[MeterReadRowIn] = Field(..., min_length=1, max_length=100_000)


class MeterReadBatchOut(Schema):
    run: str
    count: int = Field(..., description="Reads recorded.")
    audit_event_id: int


def patch_of(schema: type[Schema], *, exclude: tuple[str, ...] = ()) -> type[Schema]:
    """The PATCH form of an input schema: the same fields, each optional; only those sent are changed.

    A field may be sent as null only where the record may hold none (``improvement_area_id``, a date not
    yet known): ``{"street_name": null}`` is a 422 naming the field, as a number would be."""
    fields: dict[str, Any] = {}
    for name, info in schema.model_fields.items():
        if name in exclude:
            continue
        inner: Any = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
        fields[name] = (inner, Field(None, description=info.description))
    return create_model(schema.__name__.replace("In", "Patch"), __base__=Schema, **fields)


ParcelPatch = patch_of(ParcelIn)
OwnerPatch = patch_of(OwnerIn)
BuildingPatch = patch_of(BuildingIn)
SewerAccountPatch = patch_of(SewerAccountIn)
WaterMeterPatch = patch_of(WaterMeterIn)
