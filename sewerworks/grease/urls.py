"""The grease program's screens, under /grease/ (namespace ``grease``)."""

from django.urls import path

from sewerworks.grease.views import establishments, manifests, records, reports

app_name = "grease"

urlpatterns = [
    path("", establishments.establishment_list, name="home"),
    path("establishments/<int:pk>/", establishments.establishment_detail, name="establishment_detail"),
    path("establishments/<int:pk>/inspections/new/", records.record_inspection, name="record_inspection"),
    path("establishments/<int:pk>/pump-outs/new/", records.record_pump_out, name="record_pump_out"),
    path("establishments/<int:pk>/interceptors/new/", records.record_interceptor, name="record_interceptor"),
    path("pump-outs/<int:pk>/receipt/", records.attach_receipt, name="attach_receipt"),
    path("inspections/<int:pk>/report.pdf", reports.inspection_report, name="inspection_report"),
    path("haulers/", records.hauler_list, name="hauler_list"),
    path("manifests/", manifests.manifest_import, name="manifest_import"),
    path("manifests/<str:run>/rejects/", manifests.manifest_rejects, name="manifest_rejects"),
]
