from django.urls import path

from sewerworks.core.web.urlutils import optional_include
from sewerworks.registry.views import draw, meters, parcels

app_name = "registry"

urlpatterns = [
    path("", parcels.parcel_list, name="parcel_list"),
    path("search/", parcels.search_view, name="search"),
    path("parcels/<int:pk>/", parcels.parcel_detail, name="parcel_detail"),
    path("parcels/<int:pk>/map.json", parcels.parcel_map_json, name="parcel_map_json"),
    path("parcels/<int:pk>/history/", parcels.parcel_history, name="parcel_history"),
    path("parcels/<int:pk>/edit/", parcels.parcel_edit, name="parcel_edit"),
    path("geometry/convert/", draw.geometry_convert, name="geometry_convert"),
    path("meters/<int:pk>/replace/", meters.replace_meter, name="meter_replace"),
    path("meters/<int:pk>/certify/", meters.certify_meter, name="meter_certify"),
] + optional_include("import/", "sewerworks.registry.imports.urls")
