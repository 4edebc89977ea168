"""The billing screens, under /billing/ (namespace ``billing``)."""

from django.urls import path

from sewerworks.billing.views import bills, counter, payments, periods, printing, relevy, taxroll, void

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
    # the year end (§118-53): the statement, the relevy, the county's export and settlement
    path("relevy/", relevy.statement_list, name="relevy"),
    path("relevy/draft/", relevy.statement_draft, name="relevy_draft"),
    path("relevy/<int:pk>/", relevy.statement_detail, name="relevy_statement"),
    path("relevy/<int:pk>/adopt/", relevy.statement_adopt, name="relevy_adopt"),
    path("relevy/<int:pk>/remove/", relevy.statement_remove, name="relevy_remove"),
    path("relevy/<int:pk>/notices/", relevy.statement_notices, name="relevy_notices"),
    path("relevy/notices/<int:pk>/", relevy.notice_progress, name="relevy_notice_progress"),
    path("relevy/<int:pk>/export/", taxroll.export_page, name="relevy_export"),
    path("relevy/<int:pk>/export/write/", taxroll.export_write, name="relevy_export_write"),
    path("relevy/exports/<int:pk>/settlement/", taxroll.settlement_record, name="relevy_settlement"),
]
