"""Readings I-01 to I-12: where the text as we have it is missing, and where two sections disagree."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation, Status

ENTRIES = (
    # Missing text
    Interpretation(
        "I-01",
        title="§118-15 building sewer permit classes: Class 1 residential/commercial, Class 2 industrial",
        decision='The heading "Classes." lost its list. sewerworks keeps the two classes of the model ordinance: '
        "Class 1 for houses and commercial buildings, Class 2 for buildings whose wastes are industrial. A Class 2 "
        "application is refused until it says what its wastewater contains, its characteristics and the "
        "activity that produces it.",
        sections=("118-15",),
        parameters=("permits.building_sewer_fee",),
    ),
    Interpretation(
        "I-02",
        title="§118-13 additional requirements: free-text Health Department conditions on a permit",
        decision="§118-13 has a heading and no text, so there is nothing to compute. A permit carries, as free "
        "text, whatever conditions the Ulster County Health Department attaches, and prints them on the permit "
        "and its PDF.",
        sections=("118-13",),
    ),
    Interpretation(
        "I-03",
        title="§118-52 strength formula: pluggable, default excess-pounds surcharge",
        decision="The strength formula was an image and is lost. The formula is a parameter; the one that ships "
        "charges, for each of BOD, suspended solids and chlorine demand, the pounds above normal strength "
        "(gallons × 8.34 × 10⁻⁶ × the mg/L above the top of the §118-37 normal range: 300, 350 and 15) at a "
        "per-pound rate the Town Board sets. The demo's rates are marked illustrative.",
        sections=("118-52", "118-37"),
        parameters=("charges.strength_formula", "charges.strength_rates", "discharge.normal_strength"),
    ),
    Interpretation(
        "I-04",
        title="§118-32 pipe thickness and field strength: the Town Engineer's review",
        decision="The criteria for pipe thickness and field strength are missing from the text. sewerworks does "
        "not compute them: every design review lists them as a finding for the Town Engineer to decide.",
        sections=("118-32",),
    ),
    Interpretation(
        "I-05",
        title="§118-37 'Subsection C' is the normal sanitary sewage table",
        decision='"As defined in Subsection C" points at the table of normal sanitary sewage ranges that closes '
        "§118-37 (suspended solids 180 to 350, BOD 140 to 300, chlorine demand 5 to 15 parts per million).",
        sections=("118-37",),
        parameters=("discharge.normal_range", "discharge.normal_strength"),
    ),
    Interpretation(
        "I-06",
        title="§118-1 definition headwords inferred from the model ordinance",
        decision="The definitions in §118-1 have lost the words they define. sewerworks pairs them, in order, "
        "with the headwords of the model ordinance (BOD, building drain, building sewer ... watercourse) and "
        "the ordinance browser marks every headword as inferred.",
        sections=("118-1",),
    ),
    Interpretation(
        "I-07",
        title="Article numerals and titles inferred",
        decision="The text prints no article headings. The ten articles and their titles are inferred from the "
        "sections and from the chapter's own cross-references (which confirm Articles II, IV and X); the "
        "browser says each heading is inferred.",
    ),
    Interpretation(
        "I-08",
        title="Effective dates: latest printed amendment, else 1970-01-01; illustrative demo values",
        decision="A value of the law takes effect on the latest amendment printed under its section; a section "
        "with none printed was in force before 1985-05-20 and is dated 1970-01-01 with that note. Fees and "
        "rates the Board sets by a resolution we do not have carry demo values marked illustrative, until the "
        "resolution is recorded.",
        parameters=(
            "billing.bill_days_after_period_end",
            "billing.due_days_after_bill",
            "billing.period_ends",
            "billing.rate_review_due",
            "billing.read_window_days",
            "charges.adjustment_approval_threshold",
            "charges.capital_rate_per_1000",
            "charges.class_estimates",
            "charges.connection_charge_schedule",
            "charges.rate_per_gallon",
            "charges.returned_check_fee",
            "charges.strength_rates",
            "engineering.inspection_hourly_rate",
            "permits.building_sewer_fee",
            "permits.curb_cut_fee",
            "permits.rock_cut_fee",
            "relevy.certification_day",
            "relevy.counter_cutoff_day",
            "relevy.levy_codes",
            "relevy.swis_code",
        ),
    ),
    # Conflicts
    Interpretation(
        "I-10",
        title="Contract users: 400 ft (§118-29.1) governs over 200 ft (§118-1)",
        decision="§118-1 defines a contract user's discharge as within 200 feet of the Sewer Improvement Area; "
        "§118-29.1, the operative section, says 400 feet. Eligibility uses 400 ft; a property between 200 and "
        "400 ft is shown as eligible under §118-29.1 but outside the §118-1 definition, for the Town Board to "
        "confirm. A parcel adjoins the boundary when its polygon, outside the area, comes within 1 ft of it. "
        'Both distances and the tolerance are parameters. The capital charge contract users pay "in the same '
        "manner\" is I-28's.",
        sections=("118-1", "118-29.1"),
        parameters=(
            "contract_users.adjoining_tolerance",
            "contract_users.definition_distance",
            "contract_users.max_distance",
        ),
    ),
    Interpretation(
        "I-11",
        title="Jurisdiction is the Town of Marlborough with two Sewer Improvement Areas",
        decision='The heading says "Marlborough City Zoning Code"; the text speaks of the Town. The '
        "jurisdiction is the Town of Marlborough, Ulster County, New York, with two Sewer Improvement Areas, the "
        "Hamlets of Marlborough and Milton. Each account belongs to the area it is in (a contract user to the "
        "area of the main its lateral joins), and its payments are credited to that area, as §118-53 names two "
        "payees. Revenue is reported per area: billed, collected, penalised, adjusted, refunded and owed per fund "
        "(I-126), and the Clerk's deposits and monthly turnover to the Supervisor per fund (I-127).",
        sections=("118-1", "118-53"),
    ),
    Interpretation(
        "I-12",
        title="Lateral cost is paid through the connection charge (§118-24 with §118-54)",
        decision="§118-24 has the owner pay for the lateral; §118-54 says the connection charge covers it and the "
        "town builds it. Read together: the owner pays for the lateral through the connection charge, with no "
        "separate lateral charge unless the Board's schedule says so, and rock-cut and curb-cut fees are "
        "separate. The lateral-connection review computes the rock-cut and curb-cut fees that apply.",
        sections=("118-24", "118-54"),
        parameters=(
            "charges.connection_charge_schedule",
            "permits.curb_cut_fee",
            "permits.rock_cut_fee",
        ),
        status=Status.IN_PART,
        missing="The rock-cut and curb-cut fees are computed but not charged to the account, and the §118-54 "
        "connection charge itself does not exist yet (I-42).",
    ),
)
