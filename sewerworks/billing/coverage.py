"""What billing carries out of Article X, requirement by requirement (the ordinance browser's claims): the
semiannual user charge from the Water District's reads (§§118-49, 51, 52, with §118-6's wash water), revisions
by resolution (§118-50), payments at the Town Clerk's counter, the late penalty, the Town Clerk's statement of
unpaid charges and their relevy on the tax roll (§118-53); and the capital cost amortization charge, the annual
review and the connection charge that do not exist yet (§§118-49 to 54)."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete, missing

A = "sewerworks.billing.actions."
T = "sewerworks.billing.tests."
R = T + "test_requirements."
RUN = T + "test_views.test_the_clerk_runs_the_draft_as_a_job_and_sees_exceptions_first"
RUN_VIEWS = ("billing:period_run", "billing:bill_detail")
SWEEP = "sewerworks.enforcement.actions.do_sweep"
YEAR_END = T + "test_relevy_screens.test_the_clerk_drafts_files_adopts_exports_and_settles_through_the_screens"
CAPITAL_CHARGE = ("The Town's tax office computes the capital charge from the assessment roll at the Board's rate "
                  "and puts it on the town and county tax bill, outside sewerworks.")  # fmt: skip

REQUIREMENTS = claim(
    "billing",
    complete("118-6", "the water a car wash meters separately for washing vehicles left out of its sewer usage (I-44)",
             views=RUN_VIEWS, topics=("user-charge",), tests=(RUN,)),
    complete("118-49", "the sewer user charge levied on every owner, inside or outside the district, who contributes "
             "sewage: the semiannual bill run, reviewed and posted",
             views=("billing:period_run", "billing:period_post"),
             commands=("bill_run",), actions=(A + "do_start_bill_run", A + "do_post_period"),
             tests=(RUN, T + "test_views.test_the_superintendent_reviews_and_posts_from_the_period_page")),
    missing("118-49", "the capital cost amortization charge levied on all owners of property within the improvement "
            "boundaries (I-28)", meanwhile=CAPITAL_CHARGE),
    complete("118-50", "revised user charges recorded as the Board's resolution, in force from its date (I-43)",
             views=("core:resolution_new",), actions=("sewerworks.core.resolutions.actions.do_record_resolution",),
             tests=("sewerworks.core.tests.test_resolution_screens.test_the_clerk_records_a_resolution_and_sees_what_"
                    "it_changed",
                    T + "test_engine.test_a_period_ending_before_the_new_rate_is_rated_at_the_old_one_24_dollars")),
    missing("118-50", "the Town Board's annual review of the user charges against the actual operation and "
            "maintenance cost", meanwhile="The Board reviews the rates each year from the Town's budget and the "
            "Superintendent's figures; sewerworks offers no rate-review report."),
    complete("118-51", "sewer user charges billed semiannually, on the Water District's calendar (I-58)",
             views=("billing:home",), actions=(A + "do_open_period",),
             tests=(T + "test_views.test_a_clerk_opens_a_period_on_a_calendar_day_and_is_told_which_days_end_one",)),
    complete("118-51", "the period's bills printed and mailed", views=("billing:period_mailing", "billing:bill_pdf"),
             commands=("bill_pdfs",), actions=(A + "do_start_bill_batch",),
             tests=(T + "test_bill_pdf_screens.test_the_clerk_prints_the_mailing_as_a_job_sees_its_progress_and_"
                    "downloads_it",)),
    missing("118-51", "the capital cost amortization charge billed with the town's tax statement (I-28)",
            meanwhile=CAPITAL_CHARGE),
    complete("118-52", "the Water District's reads imported for the period's read window (I-48, I-58, I-60, I-96)",
             views=("registry:import_kind_home", "registry:import_kind_commit"), commands=("import_reads",),
             tests=(T + "test_reads_import_views.test_upload_preview_and_valid_rows_only_then_back_to_the_period",)),
    complete("118-52", "the per-gallon rate on the water used, never less than $10 for the first 5,000 gallons (I-24, "
             "I-43)", views=RUN_VIEWS, topics=("user-charge",),
             tests=(R + "test_the_bill_run_charges_the_minimum_the_rate_the_defective_average_and_the_estimate",)),
    complete("118-52", "a defective meter charged the average of its last two good bills, never below the minimum "
             "(I-26, I-59, I-62)", views=RUN_VIEWS, topics=("defective-meter-charge",),
             tests=(R + "test_the_bill_run_charges_the_minimum_the_rate_the_defective_average_and_the_estimate",)),
    complete("118-52", "a user outside the Water District, or unmetered, estimated from typical usage of its class "
             "(I-27)", views=RUN_VIEWS,
             tests=(R + "test_the_bill_run_charges_the_minimum_the_rate_the_defective_average_and_the_estimate", RUN)),
    complete("118-52", "an owner with his own supply, and every commercial or nonresident user, given a deadline to "
             "install a meter (I-52)", commands=("sweep",), actions=(SWEEP,), topics=("meter-deadline",),
             tests=(R + "test_the_sweep_gives_an_unmetered_user_outside_the_district_a_deadline_to_install_a_meter",)),
    complete("118-52", "the strength of large or industrial users surcharged on their bills (I-03)",
             views=("api:record_strength",), actions=(A + "do_record_strength",),
             tests=(T + "test_api.test_strength_is_recorded_with_who_and_from_what_and_refused_naming_the_field",
                    T + "test_engine.test_strength_above_normal_adds_its_surcharge")),
    missing("118-52", "the capital cost amortization charge levied on each parcel's assessed valuation (I-28)",
            meanwhile=CAPITAL_CHARGE),
    complete("118-53", "bills paid to the Town Clerk at the counter, each payment settling the oldest bill first, its "
             "penalty before its charge (I-63, I-65, I-116)", views=("billing:counter", "billing:counter_account"),
             actions=(A + "do_take_payment",),
             tests=(T + "test_counter.test_the_counter_shows_what_is_owed_and_why_then_takes_the_payment",
                    T + "test_payments.test_fifty_dollars_pays_the_older_bills_penalty_then_its_charge_then_part_of_"
                    "the_newer")),
    complete("118-53", "10% of the bill added when it is unpaid after the later of its due date and 30 days (I-25, "
             "I-64, I-97, I-98)", views=("billing:bill_detail",), commands=("sweep",), actions=(SWEEP,),
             topics=("late-penalty",),
             tests=(T + "test_penalties.test_the_sweep_the_day_after_the_penalty_date_adds_10_percent_to_each_bill_"
                    "left_owing",
                    T + "test_penalties.test_the_bill_page_shows_its_penalty_date_and_the_penalty_with_its_citation")),
    missing("118-53", "the payments reported for the Marlboro and the Milton Sewer Improvement Areas (I-11)",
            meanwhile="The clerk sorts the day's receipts by area by hand for the two area funds' deposits."),
    complete("118-53", "the Town Clerk's statement of unpaid charges, with their penalties and interest, each "
             "property's description, its owner so far as known and the amount, filed with the Town Board on or "
             "before the Town Law day (I-29, I-117 to I-120)",
             views=("billing:relevy", "billing:relevy_draft", "billing:relevy_statement"), commands=("relevy",),
             actions=(A + "relevy.do_file_statement",), topics=("relevy",),
             tests=(YEAR_END, T + "test_relevy_command.test_the_year_end_from_the_command_line",
                    T + "test_relevy.test_the_statement_lists_each_unpaid_bill_past_its_penalty_date_to_the_cent")),
    complete("118-53", "the unpaid user charges, with their penalties and interest, a lien on the property: relevied "
             "on the tax roll when the Board adopts the statement, sent to the county and settled (I-120, I-121)",
             views=("billing:relevy_adopt", "billing:relevy_remove", "billing:relevy_export",
                    "billing:relevy_export_write", "billing:relevy_settlement"), commands=("relevy",),
             actions=(A + "relevy.do_adopt_statement", A + "relevy.do_remove_from_roll",
                      A + "taxroll.do_export_tax_roll", A + "taxroll.do_record_settlement"),
             tests=(YEAR_END, T + "test_relevy.test_the_adoption_moves_what_is_unpaid_at_the_cutoff_to_the_roll_and_"
                    "the_balance_stays")),
    missing("118-53", "the unpaid capital charges, with their penalties and interest, a lien on the property (I-28)",
            meanwhile=CAPITAL_CHARGE),
    missing("118-54", "the connection charge the Board's resolution sets, by the building sewer's diameter, levied on "
            "every owner who taps in (I-42)", meanwhile="The clerk bills the connection charge by hand from the "
            "Board's fees resolution when the permit is granted."),
    missing("118-54", "unpaid connection charges, with interest and penalties, a lien levied on the property",
            meanwhile="The clerk reports unpaid connection charges to the tax office for the relevy."),
    missing("118-54", "the lateral the town builds, covered by the connection charge, and the Board's installation "
            "charge when it contracts for the building sewer", meanwhile="The Sewer Department schedules the lateral "
            "and the Town Clerk bills any installation charge the Board sets, outside sewerworks."),
)  # fmt: skip
