"""What the public side carries out of Chapter 118 (the ordinance browser's claims): an owner reads online what
§118-53 makes them owe and why, and anyone asks whether a public sewer is available to a property (§118-5)."""

from __future__ import annotations

from sewerworks.core.ordinance_browser.requirements import claim, complete

A = "sewerworks.public.actions."
T = "sewerworks.public.tests."

REQUIREMENTS = claim(
    "public",
    complete("118-53", "an owner reads online the bills of their parcel, its balance, what is overdue and why, and the "
             "payments received, once linked with the access code printed on the bill (I-160, I-164)",
             views=("public:link", "public:parcel", "public:bill"), actions=(A + "do_link_parcel",),
             tests=(T + "test_linking.test_an_owner_links_a_parcel_with_the_code_on_its_bill_and_reads_what_is_owed",
                    T + "test_linking.test_a_transfer_ends_the_old_owners_link_and_replaces_the_code")),
    complete("118-53", "paperless bills: an owner who chose them is mailed a link to each bill when the period is "
             "posted, and no paper bill (I-163)",
             views=("public:paperless",), actions=(A + "do_set_paperless",),
             tests=(T + "test_paperless.test_posting_mails_each_paperless_owner_once_a_link_and_no_pdf_and_marks_"
                    "the_run", T + "test_paperless.test_an_owner_chooses_paperless_only_with_a_confirmed_address")),
    complete("118-5", "anyone asks whether a public sewer is available to a property, with the distance and the duty "
             "that follows, without an owner's name (I-46, I-162)",
             views=("public:availability", "public:parcel"),
             tests=(T + "test_public_pages.test_the_availability_lookup_answers_by_address_without_owner_names",)),
)
