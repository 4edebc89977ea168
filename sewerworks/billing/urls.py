"""The billing screens, under /billing/ (namespace ``billing``)."""

from django.urls import path

from sewerworks.billing.views import bills, periods, printing

app_name = "billing"

urlpatterns = [
    path("", periods.period_list, name="home"),
    path("periods/<int:pk>/", periods.period_detail, name="period_detail"),
    path("periods/<int:pk>/run/", periods.period_run, name="period_run"),
    path("periods/<int:pk>/review/", periods.period_review, name="period_review"),
    path("periods/<int:pk>/post/", periods.period_post, name="period_post"),
    path("bills/<int:pk>/", bills.bill_detail, name="bill_detail"),
    path("bills/<int:pk>/pdf/", printing.bill_pdf, name="bill_pdf"),
    path("periods/<int:pk>/mailing/", printing.period_mailing, name="period_mailing"),
    path("mailing/<int:pk>/", printing.batch_progress, name="batch_progress"),
]
