"""The engineering screens, under /engineering/ (namespace ``engineering``)."""

from django.urls import path

from sewerworks.engineering.views import construction, petition, projects, testing

app_name = "engineering"

urlpatterns = [
    path("", projects.project_list, name="home"),
    path("designs/new/", projects.import_design, name="import_design"),
    path("projects/<int:pk>/", projects.project_detail, name="project_detail"),
    path("projects/<int:pk>/designs/new/", projects.import_design, name="import_revision"),
    path("projects/<int:pk>/future-flows/", projects.review_future_flows, name="review_future_flows"),
    path("projects/<int:pk>/approvals/new/", projects.record_approval, name="record_approval"),
    path("revisions/<int:pk>/map.json", projects.revision_map_json, name="revision_map_json"),
    # construction (§118-31, 35)
    path("projects/<int:pk>/construction/", construction.construction, name="construction"),
    path("projects/<int:pk>/construction/resolution/", construction.link_resolution, name="link_resolution"),
    path("projects/<int:pk>/construction/securities/", construction.record_security, name="record_security"),
    path("projects/<int:pk>/construction/start/", construction.start, name="start"),
    path("projects/<int:pk>/daily-reports/", construction.file_report, name="file_report"),
    path("projects/<int:pk>/inspection-bills/", construction.bill_month, name="bill_month"),
    path("daily-reports/<int:pk>/stop-work/", construction.stop_work, name="stop_work"),
    path("daily-reports/<int:pk>/rejections/", construction.reject_material, name="reject_material"),
    path("daily-reports/<int:pk>/photos/", construction.add_photo, name="add_photo"),
    path("stop-work/<int:pk>/lift/", construction.lift, name="lift"),
    # exfiltration tests (§118-34)
    path("projects/<int:pk>/tests/", testing.tests, name="tests"),
    path("projects/<int:pk>/tests/plan/", testing.plan, name="plan_tests"),
    path("projects/<int:pk>/tests/record/", testing.record_test, name="record_test"),
    path("projects/<int:pk>/tests/repairs/", testing.record_repair, name="record_repair"),
    path("projects/<int:pk>/tests/notices/", testing.notice_test, name="notice_test"),
    path("projects/<int:pk>/tests/map.json", testing.sections_map_json, name="sections_map_json"),
    # the owners' petition (§118-30)
    path("projects/<int:pk>/petition/", petition.petition, name="petition"),
    path("projects/<int:pk>/petition/signatures/", petition.add_signature, name="add_signature"),
    path("projects/<int:pk>/petition/warrant/", petition.record_warrant, name="record_warrant"),
]
