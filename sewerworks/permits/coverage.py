"""What the permits program carries out of Chapter 118, requirement by requirement (the ordinance browser's
claims): private systems with the county's steps (§§118-7 to 11), opening permits (§118-14), building sewer
applications with their fee and automatic review (§§118-15, 17 to 22, 24, 36), the reuse of old building
sewers (§118-18), and the inspections in the field of §§118-24 to 28 (the inspections app's records)."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete, missing

A = "sewerworks.permits.actions."
INSPECT = "sewerworks.inspections.actions."
T = "sewerworks.permits.tests."
R = T + "test_requirements."
COUNTY = T + "test_views.test_a_private_system_its_county_steps_and_the_overdue_inspection_on_screen"
REVIEWED = ("permits:new", "permits:design", "api:file_application")
FILE, UPDATE = A + "do_file_application", A + "do_update_design"

REQUIREMENTS = claim(
    "permits",
    complete("118-7", "a private system is recorded only where no public sewer is available (I-46)",
             views=("permits:new_private_system",), actions=(A + "do_record_private_system",),
             topics=("private-system",),
             tests=(T + "test_views.test_a_private_system_near_a_main_is_refused_on_the_form",
                    T + "test_county_opening_reuse.test_a_private_system_is_refused_where_a_public_sewer_is_"
                    "available")),
    complete("118-8", "the Ulster County Health Department's written permit recorded before construction",
             views=("permits:county",), actions=(A + "do_record_county_permit",),
             tests=(COUNTY, T + "test_county_opening_reuse.test_a_rural_lot_records_its_county_permit_notice_and_final_"
                    "inspection")),
    complete("118-9", "the county's final inspection recorded; 48 hours after its notice without one shown (I-89)",
             views=("permits:county",), actions=(A + "do_record_county_notice", A + "do_record_county_inspection"),
             tests=(COUNTY,)),
    complete("118-10", "the State Health Department's specifications and the ban on discharge to a natural outlet "
             "printed on every private system's permit", views=("permits:pdf",),
             tests=(R + "test_a_private_systems_permit_prints_the_states_specifications_and_the_owners_duty",)),
    complete("118-11", "the owner's duty to operate and maintain the system at his own expense printed on its permit",
             views=("permits:pdf",),
             tests=(R + "test_a_private_systems_permit_prints_the_states_specifications_and_the_owners_duty",)),
    complete("118-14", "a permit to open or disturb a public sewer granted only with the Town Board's resolution",
             views=("permits:grant",), actions=(A + "do_grant_opening_permit",),
             tests=(T + "test_views.test_the_clerk_records_the_boards_grant_of_an_opening_permit",
                    T + "test_county_opening_reuse.test_an_opening_permit_is_granted_only_with_the_boards_resolution")),
    complete("118-15", "Class 1 and Class 2 applications on the town's form, a Class 2 one describing its wastes "
             "(I-01)",
             views=("permits:new",), actions=(FILE,),
             tests=(T + "test_views.test_a_clerk_enters_an_application_and_lands_on_its_page",
                    T + "test_applications.test_a_class_2_application_describes_its_wastewater")),
    complete("118-15", "a Class 2 permit names the pretreatment program's industrial user on its parcel (I-172)",
             views=("permits:link_industrial_user", "api:file_application"),
             actions=(A + "do_link_industrial_user", FILE),
             tests=(T + "test_industrial_user.test_the_clerk_sees_the_text_first_entered_and_links_the_user_from_the_"
                    "permits_page",
                    T + "test_industrial_user.test_the_api_files_a_class_2_application_with_the_users_id_and_refuses_"
                    "another_parcels")),
    complete("118-15", "the plans and specifications the Board asks for attached, checked by their content",
             views=("permits:attach",), actions=(A + "do_attach_document",),
             tests=(T + "test_applications.test_plans_are_accepted_by_content_not_by_name",)),
    complete("118-15", "the permit and inspection fee of the class paid to the Town Clerk at filing (I-88)",
             views=("permits:fee",), actions=(A + "do_record_fee",),
             tests=(T + "test_views.test_the_fee_posted_from_the_permit_page_moves_nothing_but_opens_review",
                    T + "test_applications.test_the_class_fee_paid_at_filing_is_kept_as_a_pending_charge")),
    complete("118-17", "a separate building sewer for every building, the rear-building exception (I-85)",
             views=REVIEWED, actions=(FILE, UPDATE), topics=("separate-building-sewer",),
             tests=(R + "test_a_rear_cottage_shares_the_front_sewer_only_without_a_private_route_118_17",)),
    complete("118-18", "an old building sewer reused only on the Town Engineer's examination and test",
             views=("permits:examine",), actions=(A + "do_record_examination",), topics=("old-building-sewer",),
             tests=(T + "test_county_opening_reuse.test_an_old_building_sewer_is_reused_on_the_town_engineers_"
                    "finding",)),
    complete("118-19", "the building sewer's pipe and joints, ductile iron within 10 feet of a water service pipe",
             views=REVIEWED, actions=(FILE, UPDATE), topics=("building-sewer",),
             tests=(R + "test_pvc_8_ft_from_the_water_service_fails_118_19_and_ductile_iron_there_complies",)),
    complete("118-20", "at least 4 inches, a 4-inch sewer between 1/8 and 1/2 inch per foot (I-37)",
             views=(*REVIEWED, "permits:review_preview"), actions=(FILE, UPDATE), topics=("building-sewer",),
             tests=(R + "test_a_3_inch_sewer_fails_118_20_and_a_4_inch_at_one_eighth_inch_per_foot_complies",
                    T + "test_views.test_the_review_is_shown_as_the_design_is_typed")),
    complete("118-21", "clear of bearing walls, a cleanout at each bend over 11 1/4 degrees (I-38, I-45)",
             views=REVIEWED, actions=(FILE, UPDATE), topics=("building-sewer",),
             tests=(R + "test_a_45_degree_bend_needs_a_cleanout_under_118_21_and_11_and_a_quarter_does_not",)),
    complete("118-22", "a building drain too low for gravity lifted; who pays for the lift (I-86)",
             views=REVIEWED, actions=(FILE, UPDATE), topics=("building-drain-lift",),
             tests=(R + "test_who_pays_for_the_lift_turns_on_the_day_the_drain_was_in_place_118_22",)),
    missing("118-23", "open-trench excavation unless the Sewer Department approves otherwise; pipe laying and "
            "backfill to the construction specifications",
            meanwhile="The inspector checks the trench and backfill against the construction specifications in the "
            "field and keeps the notes on paper."),
    complete("118-24", "the connection at the property line by a method the Sewer Department approves, the rock and "
             "curb cut fees computed (I-12)", views=REVIEWED, actions=(FILE, UPDATE), topics=("lateral-connection",),
             tests=(R + "test_a_connection_inside_the_street_fails_118_24_and_rock_and_curb_cut_fees_are_computed",)),
    complete("118-24", "the lateral the Sewer Department or its approved contractor builds, inspected; the rock cut "
             "and curb cut fees charged when it passes (I-133)",
             views=("inspections:result",), actions=(INSPECT + "do_record_result",),
             topics=("inspection-checklist",),
             tests=(T + "test_inspection_handoffs.test_a_passed_lateral_charges_its_rock_and_curb_cut_fees_as_a_bill_"
                    "of_their_own",)),
    complete("118-25", "the connection made under the Sewer Department's supervision: the permit moves to inspected "
             "and connected only by inspection results", views=("permits:move", "inspections:result"),
             actions=(A + "do_move_permit", INSPECT + "do_record_result"),
             tests=(T + "test_pipeline.test_construction_moves_are_the_inspectors_and_an_undeclared_move_names_the_"
                    "allowed",)),
    complete("118-25", "the applicant's notice that the building sewer is ready for inspection and connection, "
             "refused until the trench passed", views=("permits:request_inspection",),
             actions=(INSPECT + "do_request_inspection",), topics=("inspection-order",),
             tests=(T + "test_inspections.test_the_connection_is_requested_and_passed_only_in_order_and_with_a_"
                    "certified_meter",)),
    complete("118-25", "the connection refused until the Water Superintendent certifies the meter (I-49)",
             views=("inspections:result", "registry:meter_certify"), actions=(INSPECT + "do_record_result",),
             topics=("inspection-order",),
             tests=(T + "test_inspections.test_the_connection_is_requested_and_passed_only_in_order_and_with_a_"
                    "certified_meter",)),
    complete("118-25", "the connection supervised by the Sewer Department or a person the Town Board appoints",
             views=("inspections:result",), actions=(INSPECT + "do_record_appointment", INSPECT + "do_record_result"),
             tests=("sewerworks.inspections.tests.test_appointments.test_an_appointee_supervises_and_records_"
                    "connections_while_appointed",)),
    complete("118-26", "the plumber's notice that laying is complete; the trench inspected before it is filled, by "
             "the Town Engineer or his representative (I-130)",
             views=("permits:request_inspection", "inspections:result"),
             actions=(INSPECT + "do_request_inspection", INSPECT + "do_record_result"), topics=("inspection-order",),
             tests=(T + "test_inspections.test_a_filled_trench_fails_orders_reexcavation_and_the_reinspection_passes",
                    T + "test_inspections.test_only_the_town_engineer_or_his_representative_passes_a_trench_i_130")),
    complete("118-26", "a trench filled before its inspection re-excavated by the plumber within the time set (I-131)",
             views=("inspections:result",), actions=(INSPECT + "do_record_result",),
             tests=(T + "test_inspection_handoffs.test_the_order_to_re_excavate_is_printed_for_the_plumber_with_its_"
                    "day",)),
    complete("118-27", "excavations guarded with barricades and lights; public property restored before the permit "
             "closes (I-131)", views=("permits:restoration",), actions=(A + "do_record_restoration",),
             topics=("inspection-checklist",),
             tests=(T + "test_inspections.test_the_connection_is_requested_and_passed_only_in_order_and_with_a_"
                    "certified_meter",)),
    complete("118-28", "roof, sump, cellar and footing drains kept off the sanitary sewer: a failed drains item opens "
             "a violation", views=("inspections:result",), actions=(INSPECT + "do_record_result",),
             topics=("inspection-checklist",),
             tests=(T + "test_inspections.test_a_failed_drains_item_opens_a_118_28_violation",)),
    complete("118-36", "no building permit for a new structure inside the improvement without an approved method of "
             "disposal (I-87)", views=("api:file_application", "api:update_design"), actions=(FILE, UPDATE),
             topics=("new-development",),
             tests=(R + "test_a_new_house_proposing_no_disposal_gets_no_building_permit_118_36",)),
    complete("118-36", "the new development's facts asked on the permit form, its decision shown beside it and a new "
             "structure with no approved method flagged", views=("permits:new", "permits:review_preview"),
             actions=(FILE, UPDATE), topics=("new-development",),
             tests=(T + "test_new_structure.test_the_review_beside_the_form_flags_a_new_structure_with_no_approved_"
                    "method",)),
)  # fmt: skip
