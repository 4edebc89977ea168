"""The registry's list filters (django-filter), shared by the staff UI's lists and the REST API.

Each FilterSet narrows one list the way a clerk asks of it: "parcels in the Hamlet of Milton on Main
Street still using a septic tank", "meters not yet certified (§118-25)". Prefix filters on indexed
search columns are written as ranges, as in ``registry.search``, so that a B-tree index answers them on
SQLite and PostgreSQL alike. Every value is validated by a form field: a bad one is a form error
(422 in the API), never a database error.
"""

from __future__ import annotations

from typing import Any

import django_filters as df
from django import forms
from django.db.models import Exists, OuterRef, QuerySet

from sewerworks.registry.choices import (
    BuildingUse,
    ConnectionStatus,
    MeterUnit,
    PipeMaterial,
    PrivateSystemStatus,
    ReadSource,
    UserClass,
)
from sewerworks.registry.models import (
    Building,
    Connection,
    ImprovementArea,
    Manhole,
    MeterRead,
    Owner,
    Parcel,
    PrivateSystem,
    SewerAccount,
    SewerMain,
    TreatmentPlant,
    WaterMeter,
)
from sewerworks.registry.models.parcels import normalise_search

MAX_ID = 2**63 - 1  # the largest id a BigAutoField can hold on SQLite and PostgreSQL
OUTSIDE = "none"  # improvement_area=none: parcels outside both improvement areas


def prefix_range(qs: QuerySet[Any], field: str, prefix: str) -> QuerySet[Any]:
    """Rows whose ``field`` starts with ``prefix``, as an index-friendly range (empty prefix: all rows)."""
    if not prefix:
        return qs
    upper = prefix_upper(prefix)
    if upper is None:
        return qs.filter(**{f"{field}__gte": prefix})
    return qs.filter(**{f"{field}__gte": prefix, f"{field}__lt": upper})


def prefix_upper(prefix: str) -> str | None:
    """The least string above every string starting with ``prefix`` (None: there is none). The last
    character is raised by one; a last character U+10FFFF (the highest there is) cannot be, so it is
    dropped and the one before it raised: a search ending in U+10FFFF is an answer, not a crash."""
    stripped = prefix.rstrip(chr(0x10FFFF))
    if not stripped:
        return None
    return stripped[:-1] + chr(ord(stripped[-1]) + 1)


class IdFilter(df.NumberFilter):  # type: ignore[misc]
    """A record id: a positive whole number that fits the database."""

    field_class = forms.IntegerField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


class AreaCodeFilter(df.CharFilter):  # type: ignore[misc]
    """A Sewer Improvement Area by its code; ``none`` for the land outside both areas."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label", "Sewer Improvement Area")
        kwargs.setdefault("help_text", f"Its code, e.g. 'marlborough'; '{OUTSIDE}' for outside both areas.")
        kwargs.setdefault("max_length", 20)
        super().__init__(*args, **kwargs)

    def filter(self, qs: QuerySet[Any], value: str) -> QuerySet[Any]:
        if not value:
            return qs
        if value == OUTSIDE:
            return qs.filter(improvement_area__isnull=True)
        return qs.filter(improvement_area__code=value)


class ImprovementAreaFilterSet(df.FilterSet):  # type: ignore[misc]
    """The Sewer Improvement Areas (there are two; the filter is for symmetry with the API)."""

    code = df.CharFilter(label="code", max_length=20)

    class Meta:
        model = ImprovementArea
        fields: list[str] = []


class ParcelFilterSet(df.FilterSet):  # type: ignore[misc]
    """Parcels by place, class and state of connection."""

    improvement_area = AreaCodeFilter()
    land_use_class = df.CharFilter(label="land-use class", max_length=3, help_text="e.g. 210 (one-family).")
    tax_map_number = df.CharFilter(
        label="tax map number starts with", max_length=40, method="filter_tax_map", help_text="e.g. '108.12-3'."
    )
    street = df.CharFilter(label="street starts with", max_length=120, method="filter_street")
    connected = df.BooleanFilter(
        label="connected", method="filter_connected",
        help_text="True: a building on it is connected to the public sewer (§118-5); false: none is.",
    )
    connection_status = df.ChoiceFilter(
        label="a building's connection status", choices=ConnectionStatus.choices, method="filter_connection_status"
    )
    private_system_in_use = df.BooleanFilter(
        label="private system in use", method="filter_private_system",
        help_text="True: a septic tank, cesspool or privy on it is still in use (§118-5, 7..12).",
    )

    class Meta:
        model = Parcel
        fields: list[str] = []

    def filter_tax_map(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return prefix_range(qs, "tax_map_number", value.strip())

    def filter_street(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return prefix_range(qs, "street_search", normalise_search(value))

    def filter_connected(self, qs: QuerySet[Any], name: str, value: bool | None) -> QuerySet[Any]:
        if value is None:
            return qs
        connected = Connection.objects.filter(building__parcel=OuterRef("pk"), status=ConnectionStatus.CONNECTED)
        return qs.filter(Exists(connected)) if value else qs.exclude(Exists(connected))

    def filter_connection_status(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        if not value:
            return qs
        return qs.filter(Exists(Connection.objects.filter(building__parcel=OuterRef("pk"), status=value)))

    def filter_private_system(self, qs: QuerySet[Any], name: str, value: bool | None) -> QuerySet[Any]:
        if value is None:
            return qs
        in_use = PrivateSystem.objects.filter(parcel=OuterRef("pk"), status=PrivateSystemStatus.IN_USE)
        return qs.filter(Exists(in_use)) if value else qs.exclude(Exists(in_use))


class OwnerFilterSet(df.FilterSet):  # type: ignore[misc]
    """Owners by name, or the current owners of one parcel."""

    name = df.CharFilter(label="name starts with", max_length=200, method="filter_name")
    parcel = IdFilter(label="parcel id", method="filter_parcel", help_text="Its current owners.")

    class Meta:
        model = Owner
        fields: list[str] = []

    def filter_name(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return prefix_range(qs, "name_search", normalise_search(value))

    def filter_parcel(self, qs: QuerySet[Any], name: str, value: int | None) -> QuerySet[Any]:
        if value is None:
            return qs
        return qs.filter(ownerships__parcel_id=value, ownerships__end__isnull=True).distinct()


class BuildingFilterSet(df.FilterSet):  # type: ignore[misc]
    """Buildings by parcel and use (food service for §118-38, car wash for §118-6...)."""

    parcel = IdFilter(field_name="parcel_id", label="parcel id")
    use = df.ChoiceFilter(label="use", choices=BuildingUse.choices)
    connection_status = df.ChoiceFilter(
        field_name="connection__status", label="connection status", choices=ConnectionStatus.choices
    )

    class Meta:
        model = Building
        fields: list[str] = []


class SewerAccountFilterSet(df.FilterSet):  # type: ignore[misc]
    """Sewer accounts by parcel, class and how they are billed (§118-52)."""

    account_number = df.CharFilter(label="account no. starts with", max_length=30, method="filter_number")
    parcel = IdFilter(field_name="parcel_id", label="parcel id")
    user_class = df.ChoiceFilter(label="user class", choices=UserClass.choices)
    metered = df.BooleanFilter(label="metered")
    in_water_district = df.BooleanFilter(label="in the Marlborough Water District")
    contract_user = df.BooleanFilter(label="contract user (§118-29.1)")
    open = df.BooleanFilter(field_name="closed_on", lookup_expr="isnull", label="open (not closed)")

    class Meta:
        model = SewerAccount
        fields: list[str] = []

    def filter_number(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return prefix_range(qs, "account_number", value.strip().upper())


class WaterMeterFilterSet(df.FilterSet):  # type: ignore[misc]
    """Water meters by account and state: certified (§118-25), defective (I-26), in service."""

    serial = df.CharFilter(label="serial no. starts with", max_length=40, method="filter_serial")
    account = IdFilter(field_name="account_id", label="account id")
    unit = df.ChoiceFilter(label="unit", choices=MeterUnit.choices)
    certified = df.BooleanFilter(field_name="certified_on", lookup_expr="isnull", exclude=True, label="certified")
    defective = df.BooleanFilter(field_name="defective_since", lookup_expr="isnull", exclude=True, label="defective")
    in_service = df.BooleanFilter(field_name="removed_on", lookup_expr="isnull", label="in service (not removed)")

    class Meta:
        model = WaterMeter
        fields: list[str] = []

    def filter_serial(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return prefix_range(qs, "serial", value.strip().upper())


class MeterReadFilterSet(df.FilterSet):  # type: ignore[misc]
    """Meter reads by meter, date range, source and import run."""

    meter = IdFilter(field_name="meter_id", label="meter id")
    serial = df.CharFilter(field_name="meter__serial", label="meter serial no.", max_length=40)
    read_on_from = df.DateFilter(field_name="read_on", lookup_expr="gte", label="read on or after")
    read_on_to = df.DateFilter(field_name="read_on", lookup_expr="lte", label="read on or before")
    source = df.ChoiceFilter(label="source", choices=ReadSource.choices)
    run = df.CharFilter(label="run", max_length=64)

    class Meta:
        model = MeterRead
        fields: list[str] = []


class SewerMainFilterSet(df.FilterSet):  # type: ignore[misc]
    """Public sewer mains by area, material and diameter."""

    improvement_area = AreaCodeFilter()
    material = df.ChoiceFilter(label="material", choices=PipeMaterial.choices)
    diameter_in = df.NumberFilter(label="diameter (in)", min_value=0, max_value=1000)

    class Meta:
        model = SewerMain
        fields: list[str] = []


class ManholeFilterSet(df.FilterSet):  # type: ignore[misc]
    """Manholes by area."""

    improvement_area = AreaCodeFilter()
    identifier = df.CharFilter(label="manhole no.", max_length=30)

    class Meta:
        model = Manhole
        fields: list[str] = []


class TreatmentPlantFilterSet(df.FilterSet):  # type: ignore[misc]
    """Treatment plants by area."""

    improvement_area = AreaCodeFilter()

    class Meta:
        model = TreatmentPlant
        fields: list[str] = []
