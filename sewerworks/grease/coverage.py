"""What the grease program carries out of §118-38, requirement by requirement (the ordinance browser's claims):
the interceptor each food service establishment must have, the preexisting facility's 30 days, inspections with
the 80% notice and the 72-hour order, the appearance ticket, the pump-out log with licensed haulers, receipts
and manifests, and the next pump-out predicted; and what has no screen yet."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete, missing

A = "sewerworks.grease.actions."
T = "sewerworks.grease.tests."
PUMP_OUT = A + "do_record_pump_out"

REQUIREMENTS = claim(
    "grease",
    missing("118-38", "a food service establishment entered with its seats and the day it was established",
            meanwhile="The Building Inspector keeps the list of new and changed food service facilities on paper: "
            "sewerworks has no screen or API to add an establishment."),
    complete("118-38", "the interceptor a facility must have: 1,000 gallons exterior, 2,000 over 150 seats for one "
             "established after 2000-07-24 (I-35)", views=("grease:record_interceptor",),
             actions=(A + "do_record_interceptor",), topics=("grease-interceptor-requirement",),
             tests=(T + "test_establishments.test_a_1000_gallon_trap_at_a_151_seat_new_restaurant_falls_short",)),
    complete("118-38", "a preexisting facility without an interceptor installs one within 30 days of connecting "
             "(I-51, I-66)", views=("grease:record_interceptor",), commands=("sweep",),
             actions=(A + "do_record_interceptor",), topics=("interceptor-deadline",),
             tests=(T + "test_establishments.test_recording_the_interceptor_meets_the_installation_deadline_and_no_"
                    "second_opens",)),
    missing("118-38", "an existing installation the Building Inspector finds incapable replaced by the 1,000-gallon "
            "interceptor, or the 100-pound interior trap where there is no space",
            meanwhile="The Building Inspector writes the opinion to the owner and keeps it in the establishment's "
            "paper file; the interceptor installed is then recorded on its page."),
    missing("118-38", "the manufacturer's specification and the installation plan approved by the Building Inspector "
            "and the Superintendent before installation",
            meanwhile="Each official signs the plan on paper; sewerworks records the interceptor once installed."),
    complete("118-38", "inspections: at 80% a written notice, at capacity and not performing the 72-hour order, both "
             "in hours from the inspection (I-36, I-68)",
             views=("grease:record_inspection", "grease:inspection_report"),
             actions=(A + "do_record_inspection",), topics=("grease-inspection",),
             tests=(T + "test_views.test_the_inspector_records_85_percent_and_is_shown_the_notice_and_its_hours",
                    T + "test_views.test_the_inspection_report_is_a_pdf_with_the_order_and_its_hours")),
    complete("118-38", "a missed order or notice: the Building Inspector's appearance ticket (I-56)",
             commands=("sweep",), actions=("sewerworks.enforcement.actions.do_sweep",),
             tests=(T + "test_pump_outs.test_a_missed_order_twice_swept_leaves_one_violation_and_one_ticket_follow_up",
                    T + "test_pump_outs.test_a_missed_80_percent_notice_asks_the_building_inspector_for_the_ticket_"
                    "once")),
    complete("118-38", "pump-outs by a licensed contract hauler in the log, with the hauler's receipt and manifest "
             "(I-100, I-101, I-103)",
             views=("grease:record_pump_out", "grease:attach_receipt", "grease:manifest_import"),
             commands=("import_grease_manifest",), actions=(PUMP_OUT, A + "do_attach_receipt"),
             tests=(T + "test_views.test_the_clerk_enters_a_pump_out_with_its_receipt",
                    T + "test_pump_outs.test_a_hauler_whose_license_had_expired_is_refused",
                    T + "test_manifest_import.test_the_upload_screen_names_the_bad_row_and_offers_the_reject_file")),
    complete("118-38", "the owner's pump-out log checked for dates, receipts and volumes",
             views=("grease:establishment_detail",), actions=(PUMP_OUT,), topics=("grease-recordkeeping",),
             tests=(T + "test_readings.test_a_log_whose_second_pump_out_lacks_its_receipt_is_incomplete",)),
    complete("118-38", "the next pump-out predicted from the trap's own history, as advice (I-67, I-99, I-102)",
             views=("grease:establishment_detail",), actions=(A + "do_record_inspection", PUMP_OUT),
             topics=("grease-pump-out-prediction",),
             tests=(T + "test_readings.test_three_inspections_after_a_pump_out_predict_the_day_80_percent_is_reached",
                    T + "test_views.test_the_establishment_page_draws_the_fill_with_its_80_and_100_percent_lines")),
)  # fmt: skip
