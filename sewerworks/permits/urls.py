"""The permits program's screens, under /permits/ (namespace ``permits``)."""

from django.urls import path

from sewerworks.permits.views import application, county, industrial, inspections, permit, queue

app_name = "permits"

urlpatterns = [
    path("", queue.permit_queue, name="home"),
    path("new/", application.new_application, name="new"),
    path("new/review/", application.review_preview, name="review_preview"),
    path("private-systems/new/", county.new_private_system, name="new_private_system"),
    path("<int:pk>/", permit.permit_detail, name="detail"),
    path("<int:pk>/county/", county.county_step, name="county"),
    path("<int:pk>/grant/", county.grant, name="grant"),
    path("<int:pk>/design/", application.edit_design, name="design"),
    path("<int:pk>/move/", permit.move, name="move"),
    path("<int:pk>/fee/", permit.record_fee, name="fee"),
    path("<int:pk>/decide/", permit.decide, name="decide"),
    path("<int:pk>/attach/", permit.attach, name="attach"),
    path("<int:pk>/examine/", permit.examine, name="examine"),
    path("<int:pk>/industrial-user/", industrial.link_industrial_user, name="link_industrial_user"),
    path("<int:pk>/inspection-requests/", inspections.request_inspection, name="request_inspection"),
    path("<int:pk>/restoration/", inspections.record_restoration, name="restoration"),
    path("<int:pk>/permit.pdf", permit.permit_document, name="pdf"),
    path("<int:pk>/review.pdf", permit.review_letter, name="review_letter"),
]
