"""The words of the demo Town of Marlborough: hamlets, streets, owners' names, businesses, land-use classes.

All invented but real-sounding; nothing here is a real person or business. The street names are the
hamlets' own (Route 9W, King St, Milton Tpke ...), so the map and the search box look like the Town.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

# The demo's constant "today": every date in the district is fixed relative to it, never to the clock.
DEMO_TODAY = date(2026, 12, 1)
ROLL_YEARS = (2025, 2026)
RUN_PREFIX = "demo"
WATER_SUPERINTENDENT = "Walt Water-Superintendent, Water Superintendent"


@dataclass(frozen=True)
class Hamlet:
    """One Sewer Improvement Area as the demo draws it."""

    code: str
    name: str
    account_prefix: str
    lon: float
    lat: float
    radius_ft: float  # mean radius of the irregular boundary
    tax_section: int  # tax map section of its lots ("108.12-3-45")
    plant_name: str
    plant_gpd: int
    share: float  # share of the district's parcels
    ns_streets: tuple[str, ...]  # north-south streets, west to east; the middle one is Route 9W
    ew_streets: tuple[str, ...]  # east-west streets, south to north; the middle one is the trunk sewer's
    city: str
    zip_code: str


# fmt: off
HAMLETS = (
    Hamlet(
        code="marlborough", name="Hamlet of Marlborough", account_prefix="MAR", lon=-73.971, lat=41.605,
        radius_ft=3000.0, tax_section=108, plant_name="Marlborough Sewage Treatment Plant",
        plant_gpd=350_000, share=0.6, city="Marlborough", zip_code="12542",
        ns_streets=(
            "Lattintown Rd", "Western Ave", "Dubois Rd", "Orchard St", "Birdsall Ave", "Route 9W", "Hudson Ter",
            "River Rd", "Landing Rd", "Bay View Rd",
        ),
        ew_streets=(
            "Grand St", "Prospect St", "Church St", "Foundry St", "Old Post Rd", "Cross Rd", "King St", "Elm St",
            "Highland Ave", "Ridge Rd", "Mill St", "Hill St",
        ),
    ),
    Hamlet(
        code="milton", name="Hamlet of Milton", account_prefix="MIL", lon=-73.962, lat=41.654,
        radius_ft=2800.0, tax_section=103, plant_name="Milton Sewage Treatment Plant",
        plant_gpd=150_000, share=0.4, city="Milton", zip_code="12547",
        ns_streets=(
            "Milton Tpke", "Maple Ave", "Sands Ave", "Willow Tree Rd", "Hampton Ct", "Route 9W", "Dock Rd",
            "Riverside Dr", "Sunset Ln", "Cherry Ln",
        ),
        ew_streets=(
            "Ann St", "Oak St", "Spring St", "Church Ln", "Academy St", "School St", "Main St", "Quarry Rd",
            "Apple Ln", "Vineyard Ave", "Brook Ln", "Station Rd",
        ),
    ),
)

# Roads of the rural roll that a large demo (--parcels above the district size) adds outside both areas.
RURAL_ROADS = (
    "Bingham Rd", "Mount Zion Rd", "Plattekill Rd", "South St", "Ridge Rd", "Baileys Gap Rd", "Idlewild Rd",
    "Peach Ln", "Lyons Rd", "Young Rd", "Mahoney Rd", "Hawleys Corners Rd", "Reservoir Rd", "Pancake Hollow Rd",
    "Bloomer Rd", "Clark Rd", "Sylvan Ln", "Valley View Rd", "Cottage St", "Fox Hill Rd", "Frost Ln",
    "Gristmill Rd", "North Rd", "Quaker St", "Stone Ridge Rd", "Tuckers Corners Rd", "Weed Rd", "Wygant Rd",
)
SURNAMES = (
    "SMITH", "JOHNSON", "WILLIAMS", "BROWN", "JONES", "MILLER", "DAVIS", "GARCIA", "RODRIGUEZ", "WILSON",
    "MARTINEZ", "ANDERSON", "TAYLOR", "THOMAS", "HERNANDEZ", "MOORE", "MARTIN", "JACKSON", "THOMPSON", "WHITE",
    "LOPEZ", "LEE", "GONZALEZ", "HARRIS", "CLARK", "LEWIS", "ROBINSON", "WALKER", "PEREZ", "HALL", "YOUNG",
    "ALLEN", "SANCHEZ", "WRIGHT", "KING", "SCOTT", "GREEN", "BAKER", "ADAMS", "NELSON", "HILL", "RAMIREZ",
    "CAMPBELL", "MITCHELL", "ROBERTS", "CARTER", "PHILLIPS", "EVANS", "TURNER", "TORRES", "PARKER", "COLLINS",
    "EDWARDS", "STEWART", "FLORES", "MORRIS", "NGUYEN", "MURPHY", "RIVERA", "COOK", "ROGERS", "MORGAN",
    "DUBOIS", "DECKER", "VAN WAGNER", "HASBROUCK", "DEYO", "LEFEVRE", "BERNARD", "CASCIO", "FALCONE", "RUSSO",
    "CRIST", "QUIMBY", "DEPEW", "SCHULTZ", "KAPLAN", "O'BRIEN", "MCCARTHY", "SULLIVAN", "KOWALSKI", "NOVAK",
    "ROMANO", "ESPOSITO", "FITZGERALD", "HOFFMAN", "WAGNER", "BECKER", "SCHMIDT", "KLEIN", "WEBER", "OSTRANDER",
)
GIVEN_NAMES = (
    "JOHN", "MARY", "ROBERT", "PATRICIA", "MICHAEL", "JENNIFER", "WILLIAM", "LINDA", "DAVID", "ELIZABETH",
    "JAMES", "BARBARA", "RICHARD", "SUSAN", "JOSEPH", "JESSICA", "THOMAS", "SARAH", "CHARLES", "KAREN",
    "CHRISTOPHER", "NANCY", "DANIEL", "LISA", "MATTHEW", "BETTY", "ANTHONY", "MARGARET", "MARK", "SANDRA",
    "DONALD", "ASHLEY", "STEVEN", "DOROTHY", "PAUL", "KIMBERLY", "ANDREW", "EMILY", "JOSHUA", "DONNA",
    "KENNETH", "MICHELLE", "KEVIN", "CAROL", "BRIAN", "AMANDA", "GEORGE", "MELISSA", "EDWARD", "DEBORAH",
    "ROSE", "FRANK", "GLORIA", "PETER", "ANN", "HENRY", "HELEN", "WALTER", "JOAN", "ARTHUR",
)
COMPANY_WORDS = (
    "HUDSON VALLEY", "MARLBOROUGH", "MILTON", "RIVERVIEW", "ULSTER", "ORCHARD", "HIGHLAND", "9W", "OLD POST",
    "LATTINTOWN", "WESTERN AVE", "KING STREET", "LANDING", "RIDGE", "APPLE VALLEY", "HUDSON HIGHLANDS",
)
COMPANY_KINDS = (
    "PROPERTIES LLC", "HOLDINGS LLC", "REALTY CORP", "ASSOCIATES LP", "DEVELOPMENT LLC", "FAMILY TRUST",
    "PARTNERS LLC", "REAL ESTATE INC",
)
# Where owners who don't live on the parcel get their mail.
MAIL_TOWNS = (
    ("Newburgh", "NY", "12550"), ("Poughkeepsie", "NY", "12601"), ("New Paltz", "NY", "12561"),
    ("Highland", "NY", "12528"), ("Kingston", "NY", "12401"), ("Brooklyn", "NY", "11215"),
    ("New York", "NY", "10023"), ("Hoboken", "NJ", "07030"), ("Danbury", "CT", "06810"),
    ("Boca Raton", "FL", "33431"),
)
# Twelve restaurants; the seats make both sides of the §118-38 threshold (I-35: 151 or more is "in excess").
RESTAURANTS = (
    ("Raccoon Hollow Tavern", 150), ("Ship Lantern Grill", 151), ("Hudson Landing Diner", 64),
    ("Milton Pizzeria", 28), ("Orchard House Bistro", 96), ("Route 9W Diner", 120), ("King Street Café", 20),
    ("Riverview Banquet House", 220), ("Lattintown Kitchen", 48), ("Old Post Trattoria", 175),
    ("Ridge Road Taqueria", 36), ("Apple Valley Inn", 132),
)
INDUSTRIES = (
    ("HUDSON VALLEY FOODS LLC", "Hudson Valley Foods juice pressing plant"),
    ("MARLBOROUGH PRECISION MACHINING INC", "Marlborough Precision Machining"),
    ("MILTON CIDER WORKS LLC", "Milton Cider Works"),
)
CAR_WASH = ("NINE W AUTO SPA LLC", "9W Auto Spa car wash")
INSTITUTIONS = ("St. Mary's Church", "Marlborough Free Library", "Milton Grange Hall", "Marlborough Fire House")
SHOPS = (
    "Hardware", "Pharmacy", "Deli", "Barber Shop", "Florist", "Insurance Office", "Dentist", "Bakery",
    "Laundromat", "Antiques", "Law Office", "Farm Stand", "Bank Branch", "Gas Station", "Dollar Store",
)
# New York property class codes of ordinary lots, with their weights (the businesses above are placed).
LAND_USE_WEIGHTS = (
    ("210", 64), ("220", 10), ("230", 2), ("280", 3), ("411", 3), ("311", 4), ("330", 3), ("484", 6),
    ("464", 3), ("620", 1), ("270", 1),
)
# fmt: on
RESTAURANT_CLASS, CAR_WASH_CLASS, INDUSTRY_CLASS = "421", "432", "710"
VACANT_CLASSES = frozenset({"311", "330"})
