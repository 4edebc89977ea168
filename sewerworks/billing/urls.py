"""The billing screens, under /billing/ (namespace ``billing``)."""

from django.urls import path

from sewerworks.billing.views import (
    bills,
    capital,
    cash,
    corrections,
    counter,
    payments,
    periods,
    printing,
    property,
    review,
    void,
)

app_name = "billing"

urlpatterns = [
    path("", periods.period_list, name="home"),
    path("periods/<int:pk>/", periods.period_detail, name="period_detail"),
    path("periods/<int:pk>/run/", periods.period_run, name="period_run"),
    path("periods/<int:pk>/review/", periods.period_review, name="period_review"),
    path("periods/<int:pk>/post/", periods.period_post, name="period_post"),
    path("bills/<int:pk>/", bills.bill_detail, name="bill_detail"),
    path("bills/<int:pk>/void/", void.void_bill, name="void_bill"),
    path("bills/<int:pk>/rebill/", void.rebill, name="rebill"),
    path("counter/", counter.counter, name="counter"),
    path("counter/accounts/<int:pk>/", counter.counter_account, name="counter_account"),
    path("counter/accounts/<int:pk>/apply-credit/", counter.counter_apply_credit, name="counter_apply_credit"),
    path("accounts/<int:pk>/statement/", payments.account_statement, name="statement"),
    path("receipts/", payments.receipts_of_the_day, name="day_receipts"),
    path("receipts/<int:pk>/", payments.receipt, name="receipt"),
    path("receipts/<int:pk>/receipt.pdf", payments.receipt_document, name="receipt_pdf"),
    path("receipts/<int:pk>/reverse/", payments.reverse_payment, name="reverse_payment"),
    path("bills/<int:pk>/pdf/", printing.bill_pdf, name="bill_pdf"),
    path("periods/<int:pk>/mailing/", printing.period_mailing, name="period_mailing"),
    path("mailing/<int:pk>/", printing.batch_progress, name="batch_progress"),
    # the charges that run with the property (§118-49..54)
    path("capital/", capital.capital_list, name="capital"),
    path("capital/<int:year>/", capital.capital_year_view, name="capital_year"),
    path("capital/issues/<int:pk>/exclude/", capital.capital_exclude, name="capital_exclude"),
    path("parcels/<int:parcel_pk>/connection-charge/", property.connection_new, name="connection_new"),
    path("connection-charges/<int:pk>/", property.connection_charge, name="connection_charge"),
    path("connection-charges/<int:pk>/bill.pdf", property.connection_charge_pdf, name="connection_charge_pdf"),
    path("parcels/<int:parcel_pk>/search-letter/", property.search_letter, name="search_letter"),
    path("parcels/<int:parcel_pk>/sale/", property.record_sale, name="record_sale"),
    path("sales/<int:pk>/", property.sale, name="sale"),
    # the clerk's day and month, corrections (issue 34)
    path("deposits/", cash.deposits, name="deposits"),
    path("deposits/<int:pk>/", cash.deposit_detail, name="deposit_detail"),
    path("deposits/<int:pk>/slip.pdf", cash.deposit_slip, name="deposit_slip"),
    path("turnover/", cash.turnover_current, name="turnover_current"),
    path("turnover/<int:year>/<int:month>/", cash.turnover, name="turnover"),
    path("turnover/<int:year>/<int:month>/turnover.pdf", cash.turnover_document, name="turnover_pdf"),
    path("turnover/<int:year>/<int:month>/turnover.csv", cash.turnover_table, name="turnover_csv"),
    path("turnover/<int:year>/<int:month>/close/", cash.close_month, name="close_month"),
    path("adjustments/", corrections.adjustments, name="adjustments"),
    path("adjustments/new/", corrections.make_adjustment, name="make_adjustment"),
    path("adjustments/<int:pk>/check/", corrections.check_adjustment, name="check_adjustment"),
    path("refunds/", corrections.refunds, name="refunds"),
    path("refunds/<int:pk>/step/", corrections.refund_step, name="refund_step"),
    path("accounts/<int:pk>/refund/", corrections.authorise_refund, name="authorise_refund"),
    path("returned-checks/<int:pk>/letter.pdf", corrections.returned_letter, name="returned_letter"),
    # the Board's review (§118-50)
    path("revenue/", review.revenue_report, name="revenue"),
    path("budgets/", review.budgets, name="budgets"),
    path("rate-reviews/", review.rate_reviews, name="rate_reviews"),
    path("rate-reviews/<int:pk>/", review.rate_review, name="rate_review"),
    path("rate-reviews/<int:pk>/candidates/", review.add_candidate, name="add_candidate"),
    path("rate-reviews/<int:pk>/decision/", review.decide_review, name="decide_review"),
]
