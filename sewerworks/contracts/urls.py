"""The contract-user screens, under /contracts/ (namespace ``contracts``)."""

from django.urls import path

from sewerworks.contracts.views import agreements, candidates

app_name = "contracts"

urlpatterns = [
    path("", candidates.candidate_map, name="home"),
    path("candidates/", candidates.candidate_list, name="candidate_list"),
    path("candidates/map.json", candidates.map_json, name="map_json"),
    path("screen/", candidates.start_screen, name="start_screen"),
    path("agreements/", agreements.agreement_list, name="agreement_list"),
    path("agreements/<int:pk>/", agreements.agreement_detail, name="agreement_detail"),
    path("parcels/<int:parcel_pk>/petition/", agreements.petition_new, name="petition_new"),
]
