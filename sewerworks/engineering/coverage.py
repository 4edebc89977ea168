"""What the engineering review carries out of Article V, requirement by requirement (the ordinance browser's
claims): each extension's design reviewed against the Recommended Standards (§118-29), the trench table
(§118-32) and manhole spacing (§118-33), the approvals before construction (§§118-29 to 31); and the
construction, exfiltration test, acceptance and guaranty that have no record yet (§§118-31, 34, 35)."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete, missing, rule_only

A = "sewerworks.engineering.actions."
T = "sewerworks.engineering.tests."
IMPORT = dict(views=("engineering:import_design", "engineering:import_revision"), commands=("import_design",),
              actions=(A + "designs.do_import_design",))  # fmt: skip
MAP = T + "test_views.test_the_map_json_marks_each_element_with_its_status_and_failing_requirements"
APPROVAL = A + "projects.do_record_approval"

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
    missing("118-30", "the owners' petition for an extension, signed by a majority of the benefiting owners and filed "
            "with the Town Board", meanwhile="The Town Clerk files the petition and counts its signatures against the "
            "assessment roll by hand."),
    complete("118-31", "an extension built by an owner, builder or developer approved by the Town Board besides the "
             "engineers", views=("engineering:record_approval",), actions=(APPROVAL,),
             tests=(T + "test_projects.test_a_developers_extension_needs_the_town_board_and_is_approved_with_the_third_"
                    "approval",)),
    missing("118-31", "the Town Engineer's full-time inspection of the construction, its expenses charged to the "
            "owner, builder or developer", meanwhile="The Town Engineer's daily inspection reports are kept in the "
            "project file and the developer is invoiced by the Town's finance office."),
    missing("118-31", "the sewer as constructed passes the §118-34 exfiltration test before it is used",
            meanwhile="The Town Engineer withholds the letter allowing flow until the test passes; nothing in "
            "sewerworks holds the extension back."),
    complete("118-32", "trench width over the table's limit needs 6 inches of concrete encasement, and the bedding, on "
             "each pipe of a design; pipe strength left to the Town Engineer (I-04, I-39, I-81)", **IMPORT,
             topics=("trench-width",),
             tests=(T + "test_views.test_an_uploaded_design_opens_a_project_whose_page_lists_its_failing_findings_with_"
                    "citations",)),
    missing("118-32", "trench widths measured during the field inspection, and the encasement they require",
            meanwhile="The inspector measures the trench in the field, notes it on the inspection card and orders the "
            "encasement in writing."),
    complete("118-33", "manholes at most 400 ft apart and at every change of slope or alignment, on a design (I-40, "
             "I-77)", **IMPORT, topics=("manhole-spacing",), tests=(MAP,)),
    missing("118-33", "manholes as built: the 3,000 psi base, the four-foot precast barrel, the town's frame and cover "
            "on two courses of brick", meanwhile="The inspector checks each manhole as built against the section on "
            "the paper inspection card."),
    rule_only("118-34", "the leakage allowed over a test and the conditions of a valid test (I-41)",
              topics=("exfiltration-test",),
              meanwhile="The Town Engineer's inspector enters each test's figures on the determinations screen and "
              "files the printed decision in the project file."),
    missing("118-34", "the final exfiltration test of each section recorded before the town approves the sewer and "
            "accepts its flow, repeated after repairs until it passes",
            meanwhile="The test reports are kept in the project file; the Town Engineer's letter accepts the flow."),
    missing("118-35", "an extension accepted by the Town Engineer becomes town property, maintained by the town",
            meanwhile="The Town Engineer's acceptance letter is filed with the Town Clerk and the Superintendent adds "
            "the sewer to the maintenance records by hand."),
    missing("118-35", "the one-year guaranty in the town's form, with a completion or maintenance bond or a certified "
            "check at the town's discretion", meanwhile="The Town Clerk holds the guaranty and the bond and diaries "
            "the year's end."),
)  # fmt: skip
