"""Readings I-37 to I-50: building sewers and sewer design, rates and car washes, and the readings the programs
needed first (an available sewer, a notice's time limit, meters, dates to come)."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation, Status

ENTRIES = (
    Interpretation(
        "I-37",
        title="§118-20 slope: 1/8 to 1/2 in/ft inclusive for 4-inch pipe; larger pipe is discretion",
        decision="A 4-inch building sewer complies at any slope from 1/8 to 1/2 inch per foot, both ends included. "
        "The chapter gives no number for larger pipe, so its slope is a finding for the Sewer Department to "
        "decide.",
        sections=("118-20",),
        parameters=("building_sewer.max_slope_4in", "building_sewer.min_slope_4in"),
    ),
    Interpretation(
        "I-38",
        title="§118-21 bends: a cleanout for a horizontal bend strictly greater than 11¼°",
        decision="A horizontal bend needs a cleanout only when it turns more than 11¼°; a bend of exactly 11¼° "
        "does not.",
        sections=("118-21",),
        parameters=("building_sewer.bend_cleanout_threshold",),
    ),
    Interpretation(
        "I-39",
        title="§118-32 trench width: 8/10/12-inch limits; wider needs 6 in of concrete encasement",
        decision="Only 8, 10 and 12-inch pipe have a trench-width limit. A wider trench is not rejected: the pipe "
        "must then be encased in at least 6 inches of concrete. Other diameters are the Town Engineer's to "
        "judge.",
        sections=("118-32",),
        parameters=("trench.max_width_by_diameter", "trench.min_concrete_encasement"),
    ),
    Interpretation(
        "I-40",
        title="§118-33 manholes: at most 400 ft apart and at every change of slope or alignment",
        decision="No more than 400 feet of pipe between consecutive manholes, and a manhole wherever the slope or "
        "the alignment changes, within tolerances that are parameters.",
        sections=("118-33",),
        parameters=(
            "manholes.alignment_tolerance",
            "manholes.barrel_diameter",
            "manholes.max_spacing",
            "manholes.slope_change_tolerance",
        ),
    ),
    Interpretation(
        "I-41",
        title="§118-34 exfiltration: allowance formula and the conditions of a valid test",
        decision="The leakage allowed over a test is (100 gallons × miles of pipe × nominal inches + 4.5 gallons × "
        "48-inch manholes) × test hours ÷ 24; a manhole of D inches counts 4.5 × D ÷ 48 gallons a day. A "
        "10-inch, 80-ft section with one 48-inch manhole over 3 hours may lose 2.456 gallons. A test is valid "
        "only on a section of at most 100 ft, over at least 2 hours, filled at least 24 hours before, with a "
        "head of at least 5 ft above the higher of the pipe's crown and the groundwater.",
        sections=("118-34",),
        parameters=(
            "exfiltration.leakage_rate",
            "exfiltration.manhole_allowance",
            "exfiltration.manhole_reference_diameter",
            "exfiltration.max_section_length",
            "exfiltration.min_fill_period",
            "exfiltration.min_head",
            "exfiltration.min_test_period",
        ),
    ),
    Interpretation(
        "I-42",
        title="§118-54 connection charge: schedule by building sewer diameter",
        decision="The connection charge is a schedule the Board sets by resolution, by the diameter of the "
        "building sewer: 4 inches is the base, larger sewers pay more.",
        sections=("118-54",),
        status=Status.NOT_YET,
        missing="No connection charge is computed or levied: the clerk bills it by hand from the Board's fees "
        "resolution.",
        parameters=(
            "charges.connection_charge_schedule",
            "charges.connection_installation_rate",
        ),
    ),
    Interpretation(
        "I-43",
        title="Rate changes: a period is rated with the parameters in force on its last day",
        decision="A billing period is charged with the rates and rules in force on the last day of the period, "
        "never prorated between two rates.",
        sections=("118-52",),
    ),
    Interpretation(
        "I-44",
        title="§118-6 car washes: separately metered wash water excluded from sewer usage",
        decision="Water a car wash meters separately for washing vehicles, and disposes of through its own private "
        "system, is left out of the account's sewer usage; every other gallon is billed.",
        sections=("118-6", "118-52"),
    ),
    Interpretation(
        "I-45",
        title="§118-21 bearing walls: within 3 ft fails; parallel farther away is discretion",
        decision="Any part of a building sewer within 3 feet of a bearing wall fails. A run parallel to a bearing "
        'wall farther away is for the inspector to judge ("might thereby be weakened"). Frost depth and a '
        "uniform grade are inspection items, not computed.",
        sections=("118-21",),
        parameters=("building_sewer.bearing_wall_clearance",),
    ),
    Interpretation(
        "I-46",
        title="'Available' public sewer (§118-5, 7, 12): a main within the availability distance",
        decision="A public sewer is available to a parcel when a public main lies within the availability distance "
        "of its boundary (100 ft, illustrative until the Board sets it), measured in EPSG:2260 feet. The "
        "Superintendent may record a finding either way for one parcel (grade, a crossing, an easement), which "
        "overrides the distance and is shown with its reason.",
        sections=("118-5", "118-7", "118-12"),
        parameters=("connection.sewer_available_distance",),
    ),
    Interpretation(
        "I-47",
        title="§118-47 'reasonable time limit': the notice states it; a default only pre-fills it",
        decision="Each notice of violation states its own time limit, in days or in hours; the default (30 days) "
        "only fills the form in. A limit shorter than 24 hours was to need the Superintendent's reason on the "
        "notice.",
        sections=("118-47",),
        parameters=("enforcement.default_correction_days",),
        status=Status.IN_PART,
        missing="A limit of less than 24 hours is accepted without asking for the Superintendent's reason.",
    ),
    Interpretation(
        "I-48",
        title="§118-52 meter rollover: only when the dials allow it and usage is a small fraction",
        decision="A read lower than the one before is taken as a rollover only when the register's dials allow it "
        "and the water it implies is at most a tenth of the register (a parameter); otherwise the bill is held "
        "for a person (a changed meter, a misread), never billed silently.",
        sections=("118-52",),
        parameters=("meters.rollover_max_fraction",),
    ),
    Interpretation(
        "I-49",
        title="§118-25 meter certification: dated between installation and the passed inspection",
        decision="The Water Superintendent's certification that the meter is installed and working is dated on or "
        "after the meter's installation, and on or before the day the connection inspection passes.",
        sections=("118-25",),
        status=Status.IN_PART,
        missing="The date is checked against the installation only: no connection inspection is recorded, so "
        "nothing holds a connection until its meter is certified.",
    ),
    Interpretation(
        "I-50",
        title="Dates in the future: events still to come and runs as of a future date are refused",
        decision="A connection, service, abandonment, correction, payment or read dated after today is refused, "
        "and so is a sweep or a bill run as of a day still to come.",
    ),
)
