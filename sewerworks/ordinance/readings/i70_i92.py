"""Readings I-70 to I-92: industrial discharge, sewer design, contract users, permits and every role's day
(I-93 and I-94 were never assigned)."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-70",
        title="§118-37 heat: above 40 °C yet within 150 °F, its effect on the plant is the Town Engineer's judgement",
        decision="A discharge at or below 40 °C cannot bring the treatment plant above 40 °C. One above 40 °C but "
        "within 150 °F might: that is a finding for the Town Engineer to judge, not a violation.",
        sections=("118-37",),
        parameters=("discharge.treatment_plant_max_temperature",),
    ),
    Interpretation(
        "I-71",
        title="§118-43 special agreement: its limit replaces the chapter's for the parameters and dates it names",
        decision="A special agreement the Board approved replaces the chapter's limit, for the substances and the "
        "dates it names only. A value within the agreed limit complies and the finding cites §118-43; above "
        "it, the agreed limit is judged as the chapter's would be.",
        sections=("118-43", "118-37"),
    ),
    Interpretation(
        "I-72",
        title="§118-37 a non-detect whose detection limit is above the limit cannot show compliance: review",
        decision="\"Not detected\" with a detection limit higher than the limit proves nothing either way: the "
        "result is neither compliance nor a violation, and the Superintendent reviews it.",
        sections=("118-37",),
    ),
    Interpretation(
        "I-73",
        title="§118-37 bases: toxic rows on 24-hour and 30-day averages; pH and heat on every reading",
        decision="Each rule is judged on its own basis: the toxic table's two columns on 24-hour and 30-day averages "
        "(a grab only through its day's average), pH and temperature on every reading, oil and grease and the "
        "§118-39 thresholds on 24-hour averages, slug loads on grabs or readings of 15 minutes or less, the flow "
        "rate on continuous readings.",
        sections=("118-37", "118-39"),
        parameters=("discharge.toxic_limits",),
    ),
    Interpretation(
        "I-74",
        title="§118-39 one open engineer review per industrial user gathers every trigger until decided",
        decision="Every §118-39 trigger of an industrial user joins its one open review with the Town Engineer, or "
        "opens it if none is open, until the engineer decides. A trigger is never a violation by itself.",
        sections=("118-39",),
    ),
    Interpretation(
        "I-75",
        title="§118-52 strength: flow-weighted mean of the period's composites; unflowed ones weigh equally",
        decision="A billing period's strength for the surcharge is the mean of its composite samples weighted by "
        "their flow. A composite without a flow weighs as the average of those with one; with no flows at all "
        "the composites weigh equally.",
        sections=("118-52", "118-37"),
    ),
    Interpretation(
        "I-76",
        title="§118-37 30-day average judged each day a daily value enters or leaves the window",
        decision="The 30-day average is judged on every day a daily value enters the 30-day window and on the day "
        "after one leaves it, never on a day still to come, so an exceedance no single sample shows is still "
        "found.",
        sections=("118-37",),
    ),
    Interpretation(
        "I-77",
        title="§118-33 manholes: tolerances for a change of alignment or slope; 400 ft along the pipe complies",
        decision="The 400 feet are measured along the pipe: exactly 400 ft complies, 400.01 ft fails. A bend or a "
        "change of slope needs a manhole only beyond a small tolerance (1° of alignment, a parameter for "
        "slope), so drawing noise is not a failure.",
        sections=("118-33",),
        parameters=("manholes.alignment_tolerance", "manholes.slope_change_tolerance"),
    ),
    Interpretation(
        "I-78",
        title="§118-29 Recommended Standards: 2014 edition's minimum slopes, n = 0.013, 2 ft/s flowing full",
        decision="The Recommended Standards for Wastewater Facilities that §118-29 adopts are read in their 2014 "
        "edition: its minimum slope for each diameter, 8 inches as the least gravity sewer, Manning's n of "
        "0.013, and at least 2 ft/s flowing full. Each value is a dated parameter.",
        sections=("118-29",),
        parameters=(
            "design.manning_n",
            "design.min_full_flow_velocity",
            "design.min_gravity_diameter",
            "design.min_slope_by_diameter",
        ),
    ),
    Interpretation(
        "I-79",
        title="Design import: SWMM Length is the pipe's length; drawings only place it; nominal diameters",
        decision="In an imported design the length a SWMM file gives a conduit is its length; the drawing's "
        "coordinates only place it on the map. A diameter is read as the nominal size it stands for; one off "
        "the nominal sizes is kept as given and flagged for the Town Engineer. Pipe ends within 1 ft of a "
        "manhole join it.",
        sections=("118-29",),
    ),
    Interpretation(
        "I-80",
        title="§118-29/31 review items: future flows of the drainage area and the approvals, with who decides",
        decision="What a file cannot show is listed as a review item naming who decides it: the allowance for "
        "future flows of the drainage area is the Town Engineer's, and the approvals of the Town Engineer and "
        "the State Department of Health are recorded before construction may proceed.",
        sections=("118-29", "118-31"),
    ),
    Interpretation(
        "I-81",
        title="§118-32 in a design: trench and bedding as drawn; what a design does not state is not a failure",
        decision="§118-32 is applied to each pipe as the design draws its trench and bedding. A value the design "
        "does not state is a review item for the Town Engineer, not a failure; the field measurements are "
        "for the inspection of the work.",
        sections=("118-32",),
    ),
    Interpretation(
        "I-82",
        title="§118-29.1 no discharge point on record: cannot judge; the distances in force are stated",
        decision="A bordering parcel with no discharge point recorded or proposed cannot be judged on the distance: "
        "the screen says so and states the distances in force.",
        sections=("118-29.1",),
    ),
    Interpretation(
        "I-83",
        title="§118-29.1 400 ft only from 2000-07-24; before, §118-1's 200 ft (from 1996-04-22) alone",
        decision="The 400 feet apply from 2000-07-24, when L.L. No. 2-2000 amended §118-29.1; before that, only "
        "§118-1's 200 feet (in force from 1996-04-22) applied. A screen as of an earlier day uses the law of "
        "that day.",
        sections=("118-29.1", "118-1"),
        parameters=("contract_users.max_distance",),
    ),
    Interpretation(
        "I-84",
        title="§118-1/§118-29.1 'within' distances are inclusive, planar EPSG:2260 feet to the nearest area",
        decision="\"Within\" includes the limit itself. Distances are planar, in EPSG:2260 (New York East) feet, "
        "from the parcel and its discharge point to the nearer Sewer Improvement Area.",
        sections=("118-1", "118-29.1"),
        parameters=(
            "contract_users.adjoining_tolerance",
            "contract_users.definition_distance",
            "contract_users.max_distance",
        ),
    ),
    Interpretation(
        "I-85",
        title="§118-17 rear building: one rear building on an interior lot, no private sewer route to it",
        decision="The exception to one building sewer per building covers one rear building behind a front building "
        "on an interior lot, and only when no private sewer is available or can be built to it through an "
        "adjoining alley, court, yard or driveway.",
        sections=("118-17",),
        parameters=("permits.rear_buildings_per_building_sewer",),
    ),
    Interpretation(
        "I-86",
        title="§118-22 a building drain in place on the day the public sewer was installed counts as in place",
        decision="The dates are compared by the day: a drain in place on the very day the main was installed was "
        "\"in place\", so the improvement pays for furnishing the lift. An unknown date is the "
        "Superintendent's call.",
        sections=("118-22",),
        parameters=("permits.drain_in_place_on_main_day",),
    ),
    Interpretation(
        "I-87",
        title="§118-36 approved disposal: public sewer by permit, or a county-permitted private system "
        "if none available",
        decision="A suitable and approved method of waste disposal is the public sewer under a building sewer "
        "permit of the Sewer Department or, only where no public sewer is available (I-46), a private system "
        "under the county's permit. Who approves each is a parameter.",
        sections=("118-36",),
        parameters=("permits.disposal_approvers",),
    ),
    Interpretation(
        "I-88",
        title="§118-15 permit and inspection fee by class, paid at filing; the application stays submitted without it",
        decision="The fee is the one for the permit's class in force on the filing date (illustrative $100 and $250 "
        "until the Board's fees resolution is recorded), paid when the application is filed. Without it the "
        "application cannot leave \"submitted\". Reusing an old building sewer pays the Class 1 fee.",
        sections=("118-15",),
        parameters=("permits.building_sewer_fee",),
    ),
    Interpretation(
        "I-89",
        title="§118-9 county inspection within 48 hours of its notice: shown when overdue, never a "
        "deadline on the owner",
        decision="The 48 hours are the county's, counted from the notice recorded. When they pass without an "
        "inspection recorded, the queue, the parcel page and the dashboard say so; the owner owes nothing.",
        sections=("118-9",),
    ),
    Interpretation(
        "I-90",
        title="Permit approval: no failing finding, and every discretion finding decided by the official it names",
        decision="A permit is approved only when no finding of its review fails, its design is complete, and every "
        "finding left to someone's discretion was accepted by the official it names, on the values it compares "
        "now.",
        sections=("118-15",),
    ),
    Interpretation(
        "I-91",
        title="§118-47/§118-49 a charge to a property with no open sewer account stays pending until one is opened",
        decision="A charge the Town makes on a property (a posted fine, expenses under §118-47) waits as pending on "
        "the property while it has no open sewer account, and reaches a bill once one is opened or billing names "
        "one. The fine statement says so instead of promising a bill.",
        sections=("118-47", "118-49"),
    ),
    Interpretation(
        "I-92",
        title="§118-5/§118-12 sewer available, no Notice to Connect served: the Superintendent's task, no clock yet",
        decision="Where a public sewer is available to a building not yet connected and no Notice to Connect was "
        "served, the 180 days cannot start: what is owed is the Town's act. The daily sweep raises one task for "
        "the Superintendent per parcel, saying why, and closes it when the notice is served.",
        sections=("118-5", "118-12"),
    ),
)
