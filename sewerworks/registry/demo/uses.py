"""What stands on each demo lot and how it is sewered.

Every use the programs need: a dozen restaurants of 20 to 220 seats (150 and 151 on both sides of
§118-38, I-35), three industrial users (§118-37..43), a car wash that keeps a private system for its
vehicle-wash water only (§118-6, I-44), apartment houses, shops, churches. Most lots inside an area with a
main in front are connected; some are not and still use a septic tank, cesspool or privy, some already
served official notice (§118-5); a few connected lots have not yet abandoned their old system. Outside,
lots adjoining or near the boundary are contract users or could be (§118-29.1, I-10).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from shapely.geometry import LineString, Point
from shapely.strtree import STRtree

from sewerworks.registry.choices import BuildingUse, ConnectionStatus, PrivateSystemKind, UserClass
from sewerworks.registry.demo.layout import HamletPlan, Lot, Main
from sewerworks.registry.demo.names import (
    CAR_WASH,
    CAR_WASH_CLASS,
    DEMO_TODAY,
    INDUSTRIES,
    INDUSTRY_CLASS,
    INSTITUTIONS,
    LAND_USE_WEIGHTS,
    RESTAURANT_CLASS,
    RESTAURANTS,
    SHOPS,
    VACANT_CLASSES,
)

SEWER_NEAR_FT = 100.0  # a lot whose frontage is this close to a main has the sewer in front of it
RESIDENTIAL_UNITS = {"210": (1, 1), "220": (2, 2), "230": (3, 3), "270": (1, 1), "280": (4, 8), "411": (8, 40)}
CLASS_OF = {
    "484": UserClass.COMMERCIAL,
    "464": UserClass.COMMERCIAL,
    RESTAURANT_CLASS: UserClass.COMMERCIAL,
    CAR_WASH_CLASS: UserClass.COMMERCIAL,
    INDUSTRY_CLASS: UserClass.INDUSTRIAL,
    "620": UserClass.INSTITUTIONAL,
}
GRACE_SINCE = date(2000, 7, 24)  # L.L. No. 2-2000: food service established after it is "hereafter established"


@dataclass
class Site:
    """One parcel's facts before they become rows."""

    lot: Lot
    plan: HamletPlan
    land_use: str = "210"
    building_name: str = ""
    use: str = ""  # empty: no building (vacant land)
    units: int = 0
    seats: int | None = None
    established_on: date | None = None
    status: str = ConnectionStatus.UNSEWERED
    notified_on: date | None = None
    connected_on: date | None = None
    systems: list[tuple[str, date | None, bool]] = field(default_factory=list)  # kind, abandoned_on, wash only
    main: Main | None = None
    contract: bool = False
    user_class: str = UserClass.RESIDENTIAL
    owner_name: str = ""  # a business that owns its own lot

    @property
    def connected(self) -> bool:
        return self.status == ConnectionStatus.CONNECTED

    @property
    def lateral(self) -> LineString | None:
        if self.main is None or not self.connected:
            return None
        end = Point(self.lot.discharge or self.lot.front)
        start = self.main.line.interpolate(self.main.line.project(end))
        return LineString([(round(start.x, 2), round(start.y, 2)), (end.x, end.y)])


def _day(rng: random.Random, first_year: int, last_year: int) -> date:
    return date(rng.randint(first_year, last_year), rng.randint(1, 12), rng.randint(1, 28))


def _nearest_main(tree: STRtree, mains: list[Main], pt: tuple[float, float], max_ft: float | None) -> Main | None:
    idx = tree.query_nearest(Point(pt), max_distance=max_ft, all_matches=False)
    return mains[int(idx[0])] if len(idx) else None


def _residence(rng: random.Random, site: Site, land_use: str) -> None:
    site.land_use = land_use
    if land_use in VACANT_CLASSES:
        return
    if land_use in RESIDENTIAL_UNITS:
        lo, hi = RESIDENTIAL_UNITS[land_use]
        site.use, site.units = BuildingUse.RESIDENTIAL, rng.randint(lo, hi)
        site.building_name = f"{site.lot.street} Apartments" if land_use == "411" else ""
    elif land_use == "620":
        site.use, site.building_name = BuildingUse.INSTITUTIONAL, rng.choice(INSTITUTIONS)
    else:
        site.use, site.building_name = BuildingUse.COMMERCIAL, f"{site.lot.street} {rng.choice(SHOPS)}"
    site.user_class = CLASS_OF.get(land_use, UserClass.RESIDENTIAL)
    site.established_on = _day(rng, 1890, 2022)


def _connect(rng: random.Random, site: Site, main: Main) -> None:
    site.status, site.main = ConnectionStatus.CONNECTED, main
    site.connected_on = _day(rng, max(main.install_year + 1, 1975), 2023)
    if rng.random() < 0.3:  # the old septic tank, cleaned, abandoned and filled after connection (§118-5)
        site.systems.append((PrivateSystemKind.SEPTIC_TANK, site.connected_on + timedelta(rng.randint(20, 85)), False))


def _unsewered(site: Site, kind: str = PrivateSystemKind.SEPTIC_TANK, notified: date | None = None) -> None:
    site.status = ConnectionStatus.NOTIFIED if notified else ConnectionStatus.UNSEWERED
    site.notified_on = notified
    if site.use:
        site.systems.append((kind, None, False))


def assign_sites(rng: random.Random, plans: list[HamletPlan]) -> list[Site]:
    """One Site per lot, in lot order, with its use and its sewer."""
    sites: list[Site] = []
    served: list[tuple[Site, Main]] = []
    trees = {id(p): (STRtree([m.line for m in p.mains]), p.mains) for p in plans}
    for plan in plans:
        tree, mains = trees[id(plan)]
        for lot in plan.lots:
            site = Site(lot=lot, plan=plan)
            sites.append(site)
            main = _nearest_main(tree, mains, lot.front, SEWER_NEAR_FT) if lot.inside else None
            if main is not None:
                served.append((site, main))
    # Businesses the programs need go on the busiest streets first.
    busy = {"Route 9W", "King St", "Main St"}
    order = sorted(served, key=lambda sm: (sm[0].lot.street not in busy, rng.random()))
    picks = iter(order)
    for k, (name, seats) in enumerate(RESTAURANTS):
        site, main = next(picks)
        site.land_use, site.use, site.building_name, site.seats = (
            RESTAURANT_CLASS,
            BuildingUse.FOOD_SERVICE,
            name,
            seats,
        )
        site.established_on = _day(rng, 1962, 1999) if k % 2 == 0 else _day(rng, 2001, 2024)
        site.user_class = UserClass.COMMERCIAL
        _connect(rng, site, main)
    for owner, name in INDUSTRIES:
        site, main = next(picks)
        site.land_use, site.use, site.building_name, site.owner_name = (
            INDUSTRY_CLASS,
            BuildingUse.INDUSTRIAL,
            name,
            owner,
        )
        site.established_on, site.user_class = _day(rng, 1955, 2010), UserClass.INDUSTRIAL
        _connect(rng, site, main)
    site, main = next(picks)
    site.land_use, site.use, site.building_name, site.owner_name = (
        CAR_WASH_CLASS,
        BuildingUse.CAR_WASH,
        CAR_WASH[1],
        CAR_WASH[0],
    )
    site.established_on, site.user_class = date(2004, 5, 14), UserClass.COMMERCIAL
    _connect(rng, site, main)
    site.systems = [(PrivateSystemKind.SEPTIC_TANK, None, True)]  # kept for vehicle-wash water only (§118-6)
    placed = {id(s) for s, _ in order[: len(RESTAURANTS) + len(INDUSTRIES) + 1]}
    rest = [(s, m) for s, m in served if id(s) not in placed]
    unsewered_ids = {id(s) for s, _ in rng.sample(rest, max(8, round(len(served) * 0.04)))}
    kinds = [PrivateSystemKind.PRIVY, PrivateSystemKind.CESSPOOL, PrivateSystemKind.CESSPOOL]
    notices = [DEMO_TODAY - timedelta(days=30), DEMO_TODAY - timedelta(days=150), None, None]
    late_connections = [date(2026, 9, 21), date(2026, 3, 2)]  # old system still in use after connection
    mains_of = {id(s): m for s, m in served}
    n_unsewered = 0
    for site in sites:
        if id(site) in placed:
            continue
        lot = site.lot
        _residence(rng, site, "210" if lot.special or id(site) in unsewered_ids else _weighted_use(rng))
        if not site.use:
            continue
        if id(site) in unsewered_ids:
            kind = kinds[n_unsewered] if n_unsewered < len(kinds) else PrivateSystemKind.SEPTIC_TANK
            _unsewered(site, kind, notices[n_unsewered % len(notices)])
            n_unsewered += 1
        elif id(site) in mains_of:
            _connect(rng, site, mains_of[id(site)])
            if late_connections:
                site.connected_on = late_connections.pop(0)
                site.systems = [(PrivateSystemKind.SEPTIC_TANK, None, False)]
        elif lot.contract:
            tree, mains = trees[id(site.plan)]
            site.contract = True  # §118-29.1: connected by contract from outside the area
            _connect(rng, site, _nearest_main(tree, mains, lot.discharge or lot.front, None))  # type: ignore[arg-type]
        else:
            _unsewered(site)
    return sites


def _weighted_use(rng: random.Random) -> str:
    return rng.choices([c for c, _ in LAND_USE_WEIGHTS], weights=[w for _, w in LAND_USE_WEIGHTS])[0]
