"""What enforcement carries out of Chapter 118, requirement by requirement (the ordinance browser's claims):
violations of any section recorded and noticed (§§118-2 to 4, 118-47), the mandatory connection and the
abandonment of private facilities with their clocks and the daily fine (§§118-4, 5, 6, 12), court fines and the
Town's expenses charged to the violator (§118-47)."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete

A = "sewerworks.enforcement.actions."
T = "sewerworks.enforcement.tests."
VIOLATION = dict(views=("enforcement:new_violation",), actions=(A + "do_open_violation",),
                 tests=(T + "test_views.test_a_notice_of_violation_offers_to_record_the_violation_first",))  # fmt: skip
CONNECTED = (A + "do_record_connection",)

REQUIREMENTS = claim(
    "enforcement",
    complete("118-2", "objectionable waste deposited in an unsanitary manner recorded as a violation of the property "
             "and noticed", **VIOLATION),
    complete("118-3", "sewage or industrial waste discharged to a natural outlet without treatment recorded as a "
             "violation and noticed", **VIOLATION),
    complete("118-4", "every building inside an improvement area not yet connected on the roster, driven to connection",
             views=("enforcement:connection_roster",),
             tests=(T + "test_views.test_the_roster_lists_unsewered_parcels_with_availability_and_the_notice",)),
    complete("118-4", "a privy, septic tank or cesspool kept in use inside the improvement recorded as a violation",
             **VIOLATION),
    complete("118-5", "the official Notice to Connect, once served, starts the 180 days to connect (I-20)",
             views=("enforcement:issue_notice", "enforcement:record_service"),
             actions=(A + "do_issue_notice", A + "do_record_service"),
             tests=(T + "test_views.test_recording_service_puts_the_connect_deadline_on_the_board_with_its_i20_date",)),
    complete("118-5", "the connection recorded meets the deadline and opens the 90 days to clean, abandon and fill",
             views=("api:record_connection",), actions=CONNECTED, topics=("connection-deadlines",),
             tests=(T + "test_api.test_the_permits_program_records_a_connection_by_token_and_the_90_day_clock_starts",
                    T + "test_connection_program.test_connection_meets_the_connect_deadline_and_starts_the_90_day_"
                    "clock")),
    complete("118-5", "the private facility's abandonment recorded; missed, the daily sweep opens the violation",
             views=("api:record_abandonment",), commands=("sweep",),
             actions=(A + "do_record_abandonment", A + "do_sweep"),
             tests=(T + "test_connection_program.test_abandonment_in_time_raises_no_violation",
                    T + "test_duties.test_a_missed_abandonment_duty_becomes_the_violation_at_the_next_sweep")),
    complete("118-5", "the fine of $10 a day for 30 days, then $25, from the notification to the correction, stated "
             "and posted (I-21)", views=("enforcement:fine_statement_pdf", "api:post_fine"),
             actions=(A + "do_post_fine",), topics=("abandonment-fine",),
             tests=(T + "test_documents.test_the_fine_statement_view_and_its_date",
                    T + "test_pending_charges.test_the_superintendent_posts_the_fine_to_date_and_a_later_correction_"
                    "leaves_it")),
    complete("118-6", "a car wash keeps its private system for wash water alone, with no abandonment deadline (I-44)",
             views=("api:record_connection",), actions=CONNECTED, topics=("private-system",),
             tests=(T + "test_connection_program.test_a_car_wash_keeps_its_wash_water_system_without_an_abandonment_"
                    "deadline",)),
    complete("118-12", "a public sewer become available to a private system: the Superintendent's task to serve the "
             "Notice to Connect (I-46, I-92)", views=("enforcement:connection_roster",), commands=("sweep",),
             actions=(A + "do_sweep",),
             tests=(T + "test_connect_tasks.test_the_dashboard_and_the_roster_show_the_task_with_why",)),
    complete("118-12", "the direct connection and the abandonment of the private facility on the §118-5 clocks",
             views=("api:record_connection", "api:record_abandonment"),
             actions=(*CONNECTED, A + "do_record_abandonment"),
             tests=(T + "test_connection_program.test_the_i21_example_end_to_end",)),
    complete("118-47", "a written notice of violation stating its nature and a reasonable time limit (I-47)",
             views=("enforcement:issue_notice",), actions=(A + "do_issue_notice",), topics=("notice-deadline",),
             tests=(T + "test_notice_limits.test_the_form_issues_a_notice_with_a_limit_in_hours",
                    T + "test_views.test_a_notice_of_violation_without_a_time_limit_is_refused")),
    complete("118-47", "a violation continued past the limit escalated; the most a court may impose shown, the fines "
             "it imposed recorded (I-22)", views=("enforcement:move_violation", "enforcement:record_court_fine"),
             actions=(A + "do_move_violation", A + "do_record_court_fine"), topics=("violation-exposure",),
             tests=(T + "test_views.test_only_the_superintendent_sees_and_makes_the_pipeline_moves",
                    T + "test_views.test_court_fines_and_charges_are_recorded_by_the_clerk_not_the_inspector")),
    complete("118-47", "the Town's expense, loss or damage charged to the violator and billed (I-91)",
             views=("enforcement:record_charge",), actions=(A + "do_record_charge",),
             tests=(T + "test_pending_charges.test_the_clerk_enters_a_charge_in_dollars_with_commas_on_the_violation_"
                    "page",)),
)  # fmt: skip
