"""What the pretreatment program carries out of Chapter 118, requirement by requirement (the ordinance browser's
claims): the industrial user's discharge judged against §118-37, the Town Engineer's review (§118-39),
preliminary treatment (§118-40), control manholes and sampling (§§118-41, 42), special agreements (§118-43),
inspection visits (§118-45, with §§118-2, 3 on their checklist), cooling water (§118-28) and the strength the
§118-52 surcharge reads."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete, missing

A = "sewerworks.pretreatment.actions."
T = "sewerworks.pretreatment.tests."
E = T + "test_entry_views."
P = T + "test_period_"
RESULTS = A + "do_record_results"
VISIT = dict(views=("pretreatment:record_visit",), actions=(A + "do_record_visit",),
             tests=(E + "test_an_inspector_records_a_visit_and_its_checklist_is_stored",))  # fmt: skip

REQUIREMENTS = claim(
    "pretreatment",
    complete("118-2", "objectionable waste deposited recorded on the inspection visit's checklist", **VISIT),
    complete("118-3", "a discharge to a natural outlet without treatment recorded on the visit's checklist", **VISIT),
    complete("118-28", "industrial cooling water discharged only with the Town Engineer's approval and an SPDES permit",
             views=("pretreatment:record_permit",), actions=(A + "do_record_cooling_water_permit",),
             tests=(E + "test_a_spdes_permit_expires_after_it_is_issued",
                    T + "test_records.test_a_spdes_permit_for_cooling_water")),
    missing("118-28", "the SPDES permit's expiry followed, its renewal asked before it lapses",
            meanwhile="The Town Engineer's office diaries each SPDES permit's expiry date and asks for the renewal "
            "by letter."),
    complete("118-37", "every row of the toxic table on 24-hour and 30-day averages; an exceedance opens a violation "
             "and its notice deadline (I-31, I-73, I-76)",
             views=("pretreatment:enter_sample", "pretreatment:results_import"), commands=("import_results",),
             actions=(RESULTS,), topics=("discharge-sample",),
             tests=(E + "test_a_result_entered_by_hand_above_the_limit_opens_the_exceedance_and_its_deadline",
                    T + "test_import.test_import_results_enters_and_evaluates_the_sample_file",
                    T + "test_results.test_a_30_day_exceedance_that_no_single_sample_shows_is_found")),
    complete("118-37", "a period's results evaluated at once into the same exceedances as sample by sample, the "
             "limits of each day (I-150); a rerun judges only what changed and withdraws what no longer holds, its "
             "violation left to staff (I-151, I-153)",
             views=("pretreatment:evaluation_start", "pretreatment:evaluation_detail", "api:start_evaluation",
                    "api:get_evaluation"), commands=("pretreatment",),
             actions=(A + "evaluations.do_start_period_evaluation", A + "evaluations.do_evaluate_period"),
             topics=("discharge-sample",),
             tests=(P + "cli.test_a_30_day_average_exceeded_only_after_a_late_daily_value_arrives",
                    P + "cli.test_a_limit_lowered_mid_year_adds_exceedances_on_later_days_only",
                    P + "cli.test_a_corrected_result_withdraws_one_exceedance_and_the_run_lists_it",
                    P + "cli.test_a_rerun_with_nothing_changed_writes_nothing",
                    P + "api.test_the_worked_examples_through_the_api",
                    P + "views.test_a_started_evaluation_leads_to_its_change_list",
                    P + "faults.test_a_run_killed_between_chunks_leaves_whole_users_and_the_rerun_completes_it")),
    complete("118-42", "a lab's qualifiers read or refused by row: '>' refused, 'ND' as '<' its detection limit, a "
             "sample dated after the import refused; a corrected result is a new sample naming the one it corrects "
             "(I-152, I-153)", views=("pretreatment:results_import",), commands=("import_results",),
             actions=(RESULTS,),
             tests=(T + "test_import.test_a_file_with_a_refused_row_enters_nothing",
                    T + "test_import.test_a_correction_names_an_earlier_sample_of_the_same_point_and_day")),
    complete("118-37", "pH, heat, oil and grease and slug loads judged on the readings they apply to (I-30, I-32, "
             "I-34, I-70)", views=("pretreatment:enter_sample",), actions=(RESULTS,), topics=("discharge-sample",),
             tests=(T + "test_results.test_a_grab_at_ph_5_8_exceeds_and_bod_301_goes_to_review_only",)),
    complete("118-37", "the narrative prohibitions (grease, flammables, gases, garbage, solids, stormwater) checked on "
             "each visit", **VISIT),
    complete("118-39", "BOD over 300, suspended solids over 350, chlorine demand over 15 mg/L or 2% of the town's flow "
             "sent to the Town Engineer's review, one open review a user (I-30, I-32, I-74)",
             views=("pretreatment:reviews",), actions=(RESULTS,), topics=("town-engineer-review",),
             tests=(T + "test_results.test_a_second_trigger_joins_the_open_review",
                    T + "test_views.test_the_town_engineer_decides_from_the_queue")),
    complete("118-39", "the Town Engineer decides: approval, preliminary treatment or a surcharge, with reasons",
             views=("pretreatment:review_decide",), actions=(A + "do_decide_review",),
             tests=(T + "test_views.test_the_town_engineer_decides_from_the_queue",
                    T + "test_records.test_only_the_town_engineer_decides_a_review_and_with_reasons")),
    complete("118-40", "no construction of preliminary treatment before the written approvals of the Town Engineer and "
             "the State", views=("pretreatment:record_treatment",), actions=(A + "do_record_preliminary_treatment",),
             tests=(E + "test_no_construction_of_preliminary_treatment_before_the_approvals",
                    T + "test_records.test_no_construction_of_preliminary_treatment_before_both_approvals")),
    complete("118-41", "a control manhole the Town Engineer required, recorded as the user's sampling point",
             views=("pretreatment:add_point",), actions=(A + "do_add_sampling_point",),
             tests=(E + "test_a_control_manhole_needs_the_day_the_town_engineer_required_it",
                    T + "test_records.test_a_control_manhole_is_one_the_town_engineer_required")),
    complete("118-42", "results with their method and laboratory, at the control manhole or the nearest downstream "
             "public manhole", views=("pretreatment:enter_sample",), actions=(RESULTS,),
             tests=(E + "test_a_hand_entered_result_is_checked_by_the_import_s_rules_at_its_row",
                    E + "test_a_sample_needs_a_sampling_point_first")),
    complete("118-43", "a special agreement tied to the Board's resolution replaces the limits it names for its dates "
             "(I-71)", views=("pretreatment:record_agreement",), actions=(A + "do_record_special_agreement",),
             tests=(E + "test_the_superintendent_records_a_special_agreement_under_a_board_resolution",
                    T + "test_records.test_a_special_agreement_applies_for_its_dates_and_starts_no_earlier_than_its_"
                    "resolution")),
    complete("118-45", "inspections by the Town Engineer, the EPA, the DEC and the town's staff, each with credentials "
             "and a reason", views=("pretreatment:record_visit",), actions=(A + "do_record_visit",),
             tests=(E + "test_a_visit_without_credentials_is_refused_at_the_field",
                    T + "test_records.test_a_visit_needs_credentials_and_a_reason_and_keeps_the_whole_checklist")),
    complete("118-52", "the strength of an industrial user measured from the period's composites, flow-weighted, for "
             "the surcharge (I-31, I-75)", commands=("write_strengths",),
             actions=("sewerworks.pretreatment.strength.do_write_period_strengths",),
             tests=(T + "test_strength.test_a_period_s_strength_is_written_for_the_user_s_account",
                    T + "test_strength.test_write_strengths_needs_a_role_that_records_strength")),
)  # fmt: skip
