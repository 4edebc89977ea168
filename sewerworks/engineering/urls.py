"""The engineering screens, under /engineering/ (namespace ``engineering``)."""

from django.urls import path

from sewerworks.engineering.views import projects

app_name = "engineering"

urlpatterns = [
    path("", projects.project_list, name="home"),
    path("designs/new/", projects.import_design, name="import_design"),
    path("projects/<int:pk>/", projects.project_detail, name="project_detail"),
    path("projects/<int:pk>/designs/new/", projects.import_design, name="import_revision"),
    path("projects/<int:pk>/future-flows/", projects.review_future_flows, name="review_future_flows"),
    path("projects/<int:pk>/approvals/new/", projects.record_approval, name="record_approval"),
    path("revisions/<int:pk>/map.json", projects.revision_map_json, name="revision_map_json"),
]
