"""What billing carries out of Article X, requirement by requirement (the ordinance browser's claims): the
semiannual user charge from the Water District's reads (§§118-49, 51, 52, with §118-6's wash water), revisions
by resolution and the Board's annual review (§118-50), payments at the Town Clerk's counter, their deposits and
turnover per area fund, corrections, the late penalty, the Town Clerk's statement of unpaid charges and their relevy
on the tax roll (§118-53), the capital cost amortization charge (§§118-49, 51, 52), the connection charge
(§118-54), the search letter and a sale; and what does not exist yet (the capital charge's lien)."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete, missing

A = "sewerworks.billing.actions."
T = "sewerworks.billing.tests."
R = T + "test_requirements."
CASH = T + "test_cash_screens."
RUN = T + "test_views.test_the_clerk_runs_the_draft_as_a_job_and_sees_exceptions_first"
RUN_VIEWS = ("billing:period_run", "billing:bill_detail")
SWEEP = "sewerworks.enforcement.actions.do_sweep"
YEAR_END = T + "test_relevy_screens.test_the_clerk_drafts_files_adopts_exports_and_settles_through_the_screens"
CAPITAL_CHARGE = ("The Town's tax office computes the capital charge from the assessment roll at the Board's rate "
                  "and puts it on the town and county tax bill, outside sewerworks.")  # fmt: skip
CAPITAL = "sewerworks.billing.capital.run.do_run_capital_charge"
CAPITAL_TEST = T + "test_property_screens.test_the_clerk_runs_the_capital_charge_and_leaves_out_a_parcel"
PROPERTY = "sewerworks.billing.property."
CONNECTION_TEST = T + "test_property_screens.test_the_clerk_bills_prints_and_takes_a_payment_toward_a_connection_charge"

REQUIREMENTS = claim(
    "billing",
    complete("118-6", "the water a car wash meters separately for washing vehicles left out of its sewer usage (I-44)",
             views=RUN_VIEWS, topics=("user-charge",), tests=(RUN,)),
    complete("118-49", "the sewer user charge levied on every owner, inside or outside the district, who contributes "
             "sewage: the semiannual bill run, reviewed and posted",
             views=("billing:period_run", "billing:period_post"),
             commands=("bill_run",), actions=(A + "do_start_bill_run", A + "do_post_period"),
             tests=(RUN, T + "test_views.test_the_superintendent_reviews_and_posts_from_the_period_page")),
    complete("118-49", "the capital cost amortization charge levied on all owners of property within the improvement "
             "boundaries (I-28, I-122)", views=("billing:capital", "billing:capital_year"), actions=(CAPITAL,),
             topics=("capital-charge",), tests=(CAPITAL_TEST,)),
    complete("118-50", "revised user charges recorded as the Board's resolution, in force from its date (I-43)",
             views=("core:resolution_new",), actions=("sewerworks.core.resolutions.actions.do_record_resolution",),
             tests=("sewerworks.core.tests.test_resolution_screens.test_the_clerk_records_a_resolution_and_sees_what_"
                    "it_changed",
                    T + "test_engine.test_a_period_ending_before_the_new_rate_is_rated_at_the_old_one_24_dollars")),
    complete("118-50", "the Town Board's annual review of the user charges against the actual operation and "
             "maintenance cost: each area's budget, a posted period re-rated at candidate rates, the Board's "
             "resolution (I-129)",
             views=("billing:budgets", "billing:rate_reviews", "billing:rate_review", "billing:add_candidate",
                    "billing:decide_review"),
             commands=("sweep",),
             actions=(A + "do_enter_budget", A + "do_open_review", A + "do_add_candidate", A + "do_decide_review",
                      SWEEP),
             topics=("rate-review",),
             tests=(CASH + "test_the_rate_review_pages",
                    T + "test_rate_review.test_the_boards_resolution_adopts_a_candidate_from_its_effective_date_and_"
                    "meets_the_reminder",
                    T + "test_rate_review.test_the_daily_sweep_opens_the_years_reminder_once_the_town_bills")),
    complete("118-51", "sewer user charges billed semiannually, on the Water District's calendar (I-58)",
             views=("billing:home",), actions=(A + "do_open_period",),
             tests=(T + "test_views.test_a_clerk_opens_a_period_on_a_calendar_day_and_is_told_which_days_end_one",)),
    complete("118-51", "the period's bills printed and mailed", views=("billing:period_mailing", "billing:bill_pdf"),
             commands=("bill_pdfs",), actions=(A + "do_start_bill_batch",),
             tests=(T + "test_bill_pdf_screens.test_the_clerk_prints_the_mailing_as_a_job_sees_its_progress_and_"
                    "downloads_it",)),
    complete("118-51", "the capital cost amortization charge billed with the town's tax statement: exported for the "
             "county per parcel or per levy code, nothing while a parcel is unresolved (I-28, I-122)",
             views=("billing:capital_year", "billing:capital_export"),
             actions=("sewerworks.billing.capital.export.do_export_capital_charge",
                      "sewerworks.billing.capital.export.do_write_capital_charge"), topics=("capital-charge",),
             tests=(T + "test_capital_export.test_the_clerk_downloads_the_export_from_the_years_page",
                    T + "test_capital_export.test_per_parcel_and_per_levy_code_read_back_to_the_cent")),
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
    complete("118-52", "an account held when its period was posted billed by a supplementary bill once its read is "
             "in (I-61, I-181, I-182)", views=("billing:bill_detail", "billing:bill_held", "api:supplementary"),
             commands=("import_reads",), actions=("sewerworks.billing.corrections.held.do_bill_held_account",),
             tests=(T + "test_held_after_posting.test_the_held_account_gets_a_supplementary_bill_once_its_read_is_in",
                    T + "test_held_after_posting.test_a_posted_period_takes_only_its_held_accounts_reads")),
    complete("118-52", "the capital cost amortization charge levied on each parcel's taxable valuation at the rate the "
             "Board sets for its area (I-28, I-122)", views=("billing:capital",), actions=(CAPITAL,),
             topics=("capital-charge",), tests=(CAPITAL_TEST, T + "test_capital_charge.test_the_run_agrees_with_the_"
                                                             "topic_parcel_by_parcel")),
    complete("118-53", "bills paid to the Town Clerk at the counter, each payment settling the oldest bill first, its "
             "penalty before its charge (I-63, I-65, I-116)", views=("billing:counter", "billing:counter_account"),
             actions=(A + "do_take_payment",),
             tests=(T + "test_counter.test_the_counter_shows_what_is_owed_and_why_then_takes_the_payment",
                    T + "test_payments.test_fifty_dollars_pays_the_older_bills_penalty_then_its_charge_then_part_of_"
                    "the_newer")),
    complete("118-53", "10% of the bill added when it is unpaid after the later of its due date and 30 days (I-25, "
             "I-64, I-97, I-98)", views=("billing:bill_detail", "enforcement:sweep"), commands=("sweep",),
             actions=(SWEEP,),
             topics=("late-penalty",),
             tests=(T + "test_penalties.test_the_sweep_the_day_after_the_penalty_date_adds_10_percent_to_each_bill_"
                    "left_owing",
                    T + "test_penalties.test_the_bill_page_shows_its_penalty_date_and_the_penalty_with_its_citation",
                    "sewerworks.enforcement.tests.test_sweep_screen.test_the_sweep_screen_previews_for_the_clerk_and_"
                    "runs_for_the_superintendent")),
    complete("118-53", "the payments reported for the Marlboro and the Milton Sewer Improvement Areas: the day's "
             "deposit and the month's turnover to the Supervisor per fund, revenue per area (I-11, I-126, I-127)",
             views=("billing:deposits", "billing:deposit_detail", "billing:deposit_slip", "billing:turnover",
                    "billing:turnover_pdf", "billing:turnover_csv", "billing:close_month", "billing:revenue"),
             actions=(A + "do_close_deposit", A + "do_close_month"),
             tests=(CASH + "test_the_clerk_closes_the_drawer_and_prints_the_slip",
                    CASH + "test_the_months_turnover_as_page_pdf_and_csv_then_closed",
                    CASH + "test_the_board_member_reads_revenue_and_bad_dates_are_notes")),
    complete("118-53", "payments corrected with a second person's approval, returned checks with their fee, and "
             "credits refunded through the Board's audit (I-128)",
             views=("billing:make_adjustment", "billing:check_adjustment", "billing:returned_letter",
                    "billing:authorise_refund", "billing:refund_step"),
             actions=(A + "do_make_adjustment", A + "do_approve_adjustment", A + "do_reverse_payment",
                      A + "do_authorise_refund", A + "do_record_refund_paid"),
             tests=(CASH + "test_an_adjustment_from_the_counter_and_its_approval",
                    CASH + "test_a_returned_check_from_the_receipt_page_and_its_letter",
                    CASH + "test_a_refund_through_its_steps_on_screen")),
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
    complete("118-54", "the connection charge the Board's resolution sets, by the building sewer's diameter, levied on "
             "every owner who taps in, on a bill of its own paid by name (I-42, I-123)",
             views=("billing:connection_new", "billing:connection_charge", "billing:connection_charge_pdf"),
             actions=(PROPERTY + "connection.do_post_connection_charge",
                      PROPERTY + "connection.do_pay_connection_charge"),
             topics=("connection-charge",), tests=(CONNECTION_TEST,)),
    complete("118-54", "the connection charge billed when the owner taps in: the recorded connection bills it in the "
             "same transaction, whatever path recorded it (an inspection's result, the API)",
             views=("inspections:result", "api:record_connection"),
             actions=("sewerworks.enforcement.actions.do_record_connection",), topics=("connection-charge",),
             tests=(T + "test_connection_tap.test_a_six_inch_tap_recorded_by_the_superintendent_bills_2250_on_the_"
                    "day_of_the_connection",)),
    complete("118-54", "unpaid connection charges, with interest and penalties, a lien levied on the property: on "
             "the Town Clerk's statement past their due date and relevied on its adoption (I-117, I-123)",
             views=("billing:relevy_draft", "billing:relevy_statement", "billing:relevy_adopt",
                    "billing:connection_charge"),
             actions=(A + "relevy.do_file_statement", A + "relevy.do_adopt_statement"), topics=("relevy",),
             tests=(T + "test_connection_charge_relevy.test_the_clerk_files_and_adopts_through_the_screens_and_the_"
                    "charge_shows_its_relevy",)),
    complete("118-54", "the lateral the town builds covered by the connection charge (I-12), and the Board's "
             "installation charge when it contracts for the building sewer (I-123)",
             views=("billing:connection_new",), actions=(PROPERTY + "connection.do_post_connection_charge",),
             topics=("connection-charge",),
             tests=(T + "test_property_screens.test_the_installation_charge_is_billed_with_the_connection_charge",)),
    complete("118-53", "unpaid charges run with the property: a buyer's attorney told what is owed on it as of a day "
             "(the search letter, I-124); at a sale the account and its ledger stay with the parcel (I-125)",
             views=("billing:search_letter", "billing:record_sale"),
             actions=(PROPERTY + "letter.do_write_search_letter", PROPERTY + "sale.do_record_sale"),
             tests=(T + "test_property_screens.test_the_clerk_writes_a_search_letter_and_downloads_it",
                    T + "test_property_screens.test_the_clerk_records_a_sale_and_a_bad_final_read_is_named_on_its_"
                    "field")),
)  # fmt: skip
