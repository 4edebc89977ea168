"""What the registry carries out of Chapter 118, requirement by requirement (the ordinance browser's claims):
the Water Superintendent's certification of each meter (§118-25) and a changed meter's reads (§118-52)."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete

T = "sewerworks.registry.tests."

REQUIREMENTS = claim(
    "registry",
    complete("118-25", "the Water Superintendent certifies the meter installed and working, on or after its "
             "installation (I-49)", views=("registry:meter_certify", "api:certify_meter"),
             actions=("sewerworks.registry.actions.do_certify_meter",),
             tests=(T + "test_meter_certify_screen.test_the_water_superintendent_is_offered_the_form_and_certifies_"
                    "the_meter",
                    T + "test_actions.test_a_meter_is_certified_only_once_installed_and_not_in_the_future")),
    complete("118-52", "a changed meter recorded with the old meter's final read and the new one's initial read (I-60)",
             views=("registry:meter_replace",), actions=("sewerworks.registry.meters.do_replace_meter",),
             tests=(T + "test_meter_replace.test_the_parcel_page_offers_the_change_to_a_clerk_and_the_clerk_records_it",
                    "sewerworks.billing.tests.test_meter_change.test_a_meter_changed_in_june_bills_final_less_previous_"
                    "plus_current_less_initial")),
)  # fmt: skip
