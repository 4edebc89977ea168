"""What contract users carry out of §118-29.1 (with §118-1's definition, I-10), requirement by requirement (the
ordinance browser's claims): the screen of every parcel outside both areas, the petition and the Town Board's
approval by resolution, the fees charged, the account billed as a user inside the area, and the capital charge
assessed as on a property inside (billing's capital charge run)."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete

A = "sewerworks.contracts.actions."
T = "sewerworks.contracts.tests."

REQUIREMENTS = claim(
    "contracts",
    complete("118-29.1", "every parcel outside both areas screened: adjoining within 1 ft, its discharge within 400 ft "
             "(200 ft before 2000-07-24) of the boundary (I-10, I-82 to I-84, I-104, I-105)",
             views=("contracts:home", "contracts:start_screen", "contracts:candidate_list"),
             commands=("screen_contract_users",), actions=(A + "screening.do_start_screen",),
             topics=("contract-user-eligibility",),
             tests=(T + "test_views.test_the_clerk_starts_a_screen_from_the_page_and_one_before_1996_is_refused",
                    T + "test_screen_job.test_the_clerk_starts_the_screen_as_a_job_that_reports_its_progress_and_"
                    "counts")),
    complete("118-29.1", "the owner's petition and the Town Board's approval by a recorded resolution (I-107)",
             views=("contracts:petition_new", "contracts:agreement_detail"),
             actions=(A + "agreements.do_petition", A + "agreements.do_decide_agreement"),
             tests=(T + "test_views.test_petition_and_approval_through_the_forms",
                    T + "test_agreements.test_the_board_decides_once_and_not_before_its_resolution")),
    complete("118-29.1", "the legal fees and the share of a special district construction assessment charged to the "
             "contract user", views=("contracts:agreement_detail",), actions=(A + "agreements.do_decide_agreement",),
             tests=(T + "test_views.test_petition_and_approval_through_the_forms",)),
    complete("118-29.1", "sewer use fees as a property inside: the account billed and credited in the area of the main "
             "its lateral joins (I-106)", views=("contracts:petition_new",), actions=(A + "agreements.do_petition",),
             tests=(T + "test_agreements.test_approval_needs_the_lateral_that_names_the_revenue_area",)),
    complete("118-29.1", "the contract user assessed the property tax (the capital charge) as a property inside the "
             "area of its revenue main (I-28, I-10, I-122)", views=("billing:capital",),
             actions=("sewerworks.billing.capital.run.do_run_capital_charge",), topics=("capital-charge",),
             tests=("sewerworks.billing.tests.test_capital_charge.test_a_parcel_outside_both_areas_is_not_charged_but_a_"
                    "contract_user_is_at_its_revenue_area",)),
)  # fmt: skip
