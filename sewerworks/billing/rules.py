"""Who may do what in billing.

Everyone with a role reads periods, bills and the ledger. The clerk's office opens periods, enters
strength records and runs the draft bills; the Superintendent may do the same. Reviewing a draft and
posting it to the ledger is the Superintendent's alone, so the person who runs the bills is not the only
one who sees them before they are posted. An inspector or a board member changes no bill.

Payments are taken at the Town Clerk's office (§118-53): the clerk or the Superintendent takes one.
Reversing a payment (a returned check) is the Superintendent's alone, so the person who took the money
is not the one who can undo it.

The clerk's office (or the Superintendent) closes the day's drawer into a deposit; the Town Clerk closes the
month's turnover to the Supervisor and records the Board's figures (budgets) and what the Board and the
Supervisor did with a refund. An adjustment is made by the clerk's office or the Superintendent and, above the
threshold, approved by the Superintendent, never by its maker (I-128); a refund is authorised by the
Superintendent. A rate review (§118-50) is drafted by the clerk's office or the Superintendent; the Town Clerk
records the Board's resolution on it. A board member reads all of it and changes none.
Everyone who reads a bill may open it as a PDF (the same facts as its page); printing a period's bills
for the mailing (a batch job and a file of every bill) is the clerk's office's and the Superintendent's.
"""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import CLERK, SUPERINTENDENT, TOWN_ENGINEER, has_role, is_staff_member

rules.add_perm("billing.view_billing", is_staff_member)
rules.add_perm("billing.open_period", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.run_bills", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.record_strength", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("billing.review_period", has_role(SUPERINTENDENT))
rules.add_perm("billing.post_period", has_role(SUPERINTENDENT))
rules.add_perm("billing.take_payment", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.reverse_payment", has_role(SUPERINTENDENT))
rules.add_perm("billing.print_bills", has_role(CLERK, SUPERINTENDENT))

# A posted bill found wrong (a misread meter, a wrong class) is voided and the account billed again for the
# period: the clerk's office or the Superintendent, as for the bills they run; never an inspector.
rules.add_perm("billing.void_bill", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.rebill_account", has_role(CLERK, SUPERINTENDENT))

# The year end of unpaid sewer rents (§118-53): the Town Clerk prepares and files the statement with the Town Board,
# records the Board's adoption (the relevy) and a removal from the roll, writes the county's export and records its
# settlement. The Superintendent and the Board read it; the Board's own act is the resolution the clerk records.
rules.add_perm("billing.file_statement", has_role(CLERK))
rules.add_perm("billing.record_relevy", has_role(CLERK))
rules.add_perm("billing.export_tax_roll", has_role(CLERK))
# The charges that run with the property (§118-49..54): the clerk's office or the Superintendent computes the
# capital charge of a tax year and its export, bills a connection charge, takes its payment and writes a
# search letter; a board member, an inspector or the engineer reads them.
rules.add_perm("billing.run_capital_charge", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.post_connection_charge", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.write_search_letter", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.record_sale", has_role(CLERK, SUPERINTENDENT))
# The clerk's cash and the Board's review (issue 34, I-126..I-129).
rules.add_perm("billing.close_deposit", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.close_month", has_role(CLERK))
rules.add_perm("billing.make_adjustment", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.approve_adjustment", has_role(SUPERINTENDENT))
rules.add_perm("billing.authorise_refund", has_role(SUPERINTENDENT))
rules.add_perm("billing.record_refund", has_role(CLERK))
rules.add_perm("billing.enter_budget", has_role(CLERK))
rules.add_perm("billing.draft_rate_review", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("billing.decide_rate_review", has_role(CLERK))
