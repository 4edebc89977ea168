"""What the engineering review carries out of Article V, requirement by requirement (the ordinance browser's
claims): each extension's design reviewed against the Recommended Standards (§118-29), the trench table
(§118-32) and manhole spacing (§118-33), the approvals before construction (§§118-29 to 31), the owners'
petition (§118-30), construction on record with the Town Engineer's full-time inspection billed (§118-31), each
section's exfiltration test (§118-34) and the security the Board demands (§118-35); acceptance, the town's
taking the sewer and the one-year guaranty have no record yet (§§118-31, 34, 35)."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete, missing

A = "sewerworks.engineering.actions."
T = "sewerworks.engineering.tests."
IMPORT = dict(views=("engineering:import_design", "engineering:import_revision"), commands=("import_design",),
              actions=(A + "designs.do_import_design",))  # fmt: skip
MAP = T + "test_views.test_the_map_json_marks_each_element_with_its_status_and_failing_requirements"
APPROVAL = A + "projects.do_record_approval"
C, P, X = T + "test_construction.", T + "test_petition.", T + "test_exfiltration_records."
SCREENS = T + "test_construction_views."
START, REPORT = A + "construction.do_start_construction", A + "reports.do_file_daily_report"

REQUIREMENTS = claim(
    "engineering",
    complete("118-29", "each extension's design reviewed against the Recommended Standards: minimum slopes, least "
             "size, full-flow velocity (I-78, I-79)", **IMPORT, topics=("gravity-sewer-design",),
             tests=(MAP, T + "test_import_command.test_the_plain_report_lists_what_fails_and_what_needs_review")),
    complete("118-29", "plans approved by the Town Engineer and the State Department of Health before construction",
             views=("engineering:record_approval",), actions=(APPROVAL,),
             tests=(T + "test_views.test_the_town_engineer_reviews_future_flows_and_approves_through_the_page",
                    T + "test_projects.test_a_design_with_failing_findings_cannot_be_approved")),
    complete("118-29", "the flows of every future extension of the drainage area allowed for, the Town Engineer's "
             "review item (I-80)", views=("engineering:review_future_flows",),
             actions=(A + "projects.do_review_future_flows", APPROVAL),
             tests=(T + "test_views.test_the_town_engineer_reviews_future_flows_and_approves_through_the_page",
                    T + "test_projects.test_a_design_whose_future_flows_are_not_reviewed_cannot_be_approved")),
    complete("118-30", "an extension the town builds under public contract: its project and design, approved without "
             "a Board approval of its own", views=("engineering:import_design", "engineering:record_approval"),
             actions=(A + "projects.do_open_project", APPROVAL),
             tests=(T + "test_projects.test_a_town_built_extension_needs_no_town_board_approval",)),
    complete("118-30", "the owners' petition for an extension, signed by a majority of the benefiting owners (I-142), "
             "and the Town Board's opinion that the properties served warrant its cost",
             views=("engineering:petition", "engineering:add_signature", "engineering:record_warrant"),
             actions=(A + "petitions.do_record_signature", A + "petitions.do_record_warrant"),
             tests=(P + "test_an_owner_of_two_parcels_counts_once_and_co_owners_are_one_owner_signed_by_either",
                    P + "test_the_boards_decision_that_it_warrants_its_cost_is_recorded_against_a_resolution",
                    SCREENS + "test_the_petition_page_is_for_a_town_extension_only")),
    complete("118-31", "an extension built by an owner, builder or developer approved by the Town Board besides the "
             "engineers", views=("engineering:record_approval",), actions=(APPROVAL,),
             tests=(T + "test_projects.test_a_developers_extension_needs_the_town_board_and_is_approved_with_the_third_"
                    "approval",)),
    complete("118-31", "the Town Engineer's full-time inspection of the construction, its expenses charged to the "
             "owner, builder or developer (I-141)",
             views=("engineering:start", "engineering:file_report", "engineering:bill_month"),
             actions=(START, REPORT, A + "inspection_bills.do_bill_inspection_month"),
             tests=(SCREENS + "test_reports_stop_work_photo_and_the_months_bill_through_the_page",
                    T + "test_inspection_bills.test_octobers_hours_at_95_dollars_are_a_bill_of_their_own_on_the_"
                    "parcel_of_record", C + "test_a_daily_report_records_the_day_and_pipe_laid_by_station")),
    complete("118-31", "the Town Engineer's decision final in matters of quality and methods of construction: his "
             "stop-work order, lifted by him, and material rejected",
             views=("engineering:stop_work", "engineering:lift", "engineering:reject_material"),
             actions=(A + "reports.do_stop_work", A + "reports.do_lift_stop_work", A + "reports.do_reject_material"),
             tests=(C + "test_while_work_is_stopped_no_report_records_pipe_laid_until_the_engineer_lifts_it",
                    C + "test_the_engineer_rejects_material_on_a_report_citing_118_31",
                    SCREENS + "test_reports_stop_work_photo_and_the_months_bill_through_the_page")),
    missing("118-31", "the sewer as constructed passes the §118-34 exfiltration test before it is used",
            meanwhile="The construction page lists each section not yet passed among what acceptance waits for; the "
            "Town Engineer withholds the letter allowing flow until none is left."),
    complete("118-32", "trench width over the table's limit needs 6 inches of concrete encasement, and the bedding, on "
             "each pipe of a design; pipe strength left to the Town Engineer (I-04, I-39, I-81)", **IMPORT,
             topics=("trench-width",),
             tests=(T + "test_views.test_an_uploaded_design_opens_a_project_whose_page_lists_its_failing_findings_with_"
                    "citations",)),
    missing("118-32", "trench widths measured during the field inspection, and the encasement they require",
            meanwhile="The inspector records the trench width on the daily report; the Town Engineer orders in "
            "writing the encasement a width over the table requires."),
    complete("118-33", "manholes at most 400 ft apart and at every change of slope or alignment, on a design (I-40, "
             "I-77)", **IMPORT, topics=("manhole-spacing",), tests=(MAP,)),
    missing("118-33", "manholes as built: the 3,000 psi base, the four-foot precast barrel, the town's frame and cover "
            "on two courses of brick", meanwhile="The inspector checks each manhole as built against the section on "
            "the paper inspection card."),
    complete("118-34", "the final exfiltration test of each section of at most 100 ft (I-140) recorded, valid and "
             "within the leakage allowed (I-41), repeated after the repairs until it passes",
             views=("engineering:plan_tests", "engineering:record_test", "engineering:record_repair",
                    "engineering:notice_test", "inspections:result"),
             actions=(A + "testing.do_plan_tests", A + "testing.do_record_exfiltration_test",
                      A + "testing.do_record_repair", "sewerworks.inspections.actions.do_request_inspection",
                      "sewerworks.inspections.actions.do_record_result"),
             topics=("test-plan", "exfiltration-test"),
             tests=(X + "test_a_section_fails_is_repaired_and_passes_its_retest",
                    X + "test_a_test_that_is_not_valid_is_refused_naming_the_field",
                    SCREENS + "test_plan_tests_and_a_failed_test_through_the_tests_page",
                    T + "test_inspection_subject.test_a_failed_result_records_the_failed_test_and_the_retest_waits_"
                    "for_the_repair", SCREENS + "test_the_contractors_notice_opens_an_inspection_in_the_field_shown_"
                    "waiting_on_the_tests_page")),
    missing("118-34", "the sewer approved and its flow accepted by the town only once every section has passed",
            meanwhile="The tests page colours each section passed, failed or untested; the Town Engineer's letter "
            "accepts the flow when all have passed."),
    missing("118-35", "an extension accepted by the Town Engineer becomes town property, maintained by the town",
            meanwhile="The Town Engineer's acceptance letter is filed with the Town Clerk and the Superintendent adds "
            "the sewer to the maintenance records by hand."),
    complete("118-35", "a completion bond, maintenance bond or certified check the Town Board demands, recorded before "
             "construction starts (I-144)",
             views=("engineering:link_resolution", "engineering:record_security", "engineering:start"),
             actions=(A + "construction.do_link_board_resolution", A + "construction.do_record_security", START),
             tests=(C + "test_construction_cannot_start_without_the_security_the_resolution_demands",
                    SCREENS + "test_resolution_security_and_start_through_the_construction_page")),
    missing("118-35", "the one-year guaranty in the town's form, from the extension's acceptance",
            meanwhile="The Town Clerk holds the guaranty with the securities on the construction page and diaries the "
            "year's end."),
)  # fmt: skip
