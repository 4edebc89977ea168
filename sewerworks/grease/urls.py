"""The grease program's screens, under /grease/ (namespace ``grease``)."""

from django.urls import path

from sewerworks.grease.views import establishments, records

app_name = "grease"

urlpatterns = [
    path("", establishments.establishment_list, name="home"),
    path("establishments/<int:pk>/", establishments.establishment_detail, name="establishment_detail"),
    path("establishments/<int:pk>/inspections/new/", records.record_inspection, name="record_inspection"),
    path("establishments/<int:pk>/pump-outs/new/", records.record_pump_out, name="record_pump_out"),
    path("establishments/<int:pk>/interceptors/new/", records.record_interceptor, name="record_interceptor"),
    path("pump-outs/<int:pk>/receipt/", records.attach_receipt, name="attach_receipt"),
    path("haulers/", records.hauler_list, name="hauler_list"),
]
