"""The demo district as unsaved model instances, table by table in the order they can be written.

Nothing here touches the database; ``write_records`` then writes each table with ``bulk_create`` in
chunks (foreign keys resolve from the instances once their parents have ids).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from django.db import models

from sewerworks.registry.choices import BuildingUse, ConnectionStatus, PipeMaterial, PrivateSystemStatus, ReceivingWater
from sewerworks.registry.demo.accounts import accounts_for, meters_for
from sewerworks.registry.demo.network import CLAY_BEFORE, installed_on, plan_district
from sewerworks.registry.demo.people import assessments_for, owners_for
from sewerworks.registry.demo.uses import assign_sites
from sewerworks.registry.models import (
    AssessedValue,
    Building,
    Connection,
    ImprovementArea,
    Lateral,
    Manhole,
    MeterRead,
    Owner,
    Ownership,
    Parcel,
    PrivateSystem,
    SewerAccount,
    SewerMain,
    TreatmentPlant,
    WaterMeter,
)

Table = tuple[type[models.Model], Sequence[models.Model]]


def _point(p: tuple[float, float]) -> str:
    return f"POINT ({p[0]} {p[1]})"


def district_records(rng: random.Random, parcels: int, run: str) -> list[Table]:
    """Every row of a demo district of ``parcels`` parcels, drawn from ``rng``."""
    plans = plan_district(rng, parcels)
    sites = assign_sites(rng, plans)
    areas: list[ImprovementArea] = []
    plants: list[TreatmentPlant] = []
    manholes: list[Manhole] = []
    mains: list[SewerMain] = []
    main_rows: dict[int, SewerMain] = {}
    area_of: dict[int, ImprovementArea] = {}
    for plan in plans:
        h = plan.hamlet
        area = ImprovementArea(code=h.code, name=h.name, boundary=plan.boundary.wkt)
        areas.append(area)
        area_of[id(plan)] = area
        plants.append(
            TreatmentPlant(
                improvement_area=area,
                name=h.plant_name,
                average_daily_flow_gpd=h.plant_gpd,
                receiving_water=ReceivingWater.FRESH,
                location=_point(plan.plant),
            )
        )
        holes = {
            ident: Manhole(identifier=ident, improvement_area=area, location=_point(p))
            for ident, p in plan.manholes.items()
        }
        manholes += holes.values()
        for m in plan.mains:
            row = SewerMain(
                identifier=m.identifier,
                improvement_area=area,
                diameter_in=m.diameter_in,
                material=PipeMaterial.VITRIFIED_CLAY if m.install_year < CLAY_BEFORE else PipeMaterial.PVC,
                installed_on=installed_on(rng, m.install_year),
                path=m.line.wkt,
                upstream_manhole=holes[m.upstream],
                downstream_manhole=holes[m.downstream],
            )
            mains.append(row)
            main_rows[id(m)] = row
    parcel_rows: list[Parcel] = []
    for site in sites:
        lot = site.lot
        parcel = Parcel(
            tax_map_number=lot.tax_map,
            street_number=str(lot.number),
            street_name=lot.street,
            improvement_area=area_of[id(site.plan)] if lot.inside else None,
            land_use_class=site.land_use,
            polygon=lot.polygon.wkt,
            discharge_point=_point(lot.discharge or lot.front),
        )
        parcel.refresh_derived()
        parcel_rows.append(parcel)
    owners, ownerships = owners_for(rng, sites, parcel_rows)
    assessments = assessments_for(rng, sites, parcel_rows)
    buildings: list[Building] = []
    connections: list[Connection] = []
    systems: list[PrivateSystem] = []
    laterals: list[Lateral] = []
    for site, parcel in zip(sites, parcel_rows, strict=True):
        building = None
        if site.use:
            building = Building(
                parcel=parcel,
                name=site.building_name,
                use=site.use,
                dwelling_units=site.units,
                seats=site.seats,
                established_on=site.established_on,
            )
            buildings.append(building)
            connections.append(
                Connection(
                    building=building,
                    status=site.status,
                    notified_on=site.notified_on,
                    connected_on=site.connected_on,
                    building_sewer_diameter_in=(4 if site.use == BuildingUse.RESIDENTIAL and site.units < 8 else 6)
                    if site.status == ConnectionStatus.CONNECTED
                    else None,
                )
            )
        for kind, abandoned_on, wash_only in site.systems:
            systems.append(
                PrivateSystem(
                    parcel=parcel,
                    building=building,
                    kind=kind,
                    abandoned_on=abandoned_on,
                    vehicle_wash_only=wash_only,
                    status=PrivateSystemStatus.ABANDONED if abandoned_on else PrivateSystemStatus.IN_USE,
                    county_permit=f"UCDOH-{rng.randint(1980, 2020)}-{rng.randint(100, 9999):04d}",
                )
            )
        lateral = site.lateral
        if lateral is not None and site.main is not None:
            laterals.append(
                Lateral(
                    parcel=parcel,
                    main=main_rows[id(site.main)],
                    installed_on=site.connected_on,
                    diameter_in=4 if site.use == BuildingUse.RESIDENTIAL else 6,
                    path=lateral.wkt,
                )
            )
    accounts = accounts_for(rng, sites, parcel_rows)
    meters, reads = meters_for(rng, accounts, run)
    return [
        (ImprovementArea, areas),
        (TreatmentPlant, plants),
        (Manhole, manholes),
        (SewerMain, mains),
        (Parcel, parcel_rows),
        (AssessedValue, assessments),
        (Owner, owners),
        (Ownership, ownerships),
        (Building, buildings),
        (Connection, connections),
        (PrivateSystem, systems),
        (Lateral, laterals),
        (SewerAccount, [a for a, _ in accounts]),
        (WaterMeter, meters),
        (MeterRead, reads),
    ]


def row_count(tables: Iterable[Table]) -> int:
    return sum(len(rows) for _, rows in tables)
