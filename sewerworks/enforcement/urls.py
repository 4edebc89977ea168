"""The enforcement screens, under /enforcement/ (namespace ``enforcement``)."""

from django.urls import path

from sewerworks.core.web.urlutils import optional_include
from sewerworks.enforcement.views import board, deadlines, notices, roster, sweep, violations

app_name = "enforcement"

urlpatterns = [
    path("", board.deadline_board, name="deadline_board"),
    path("sweep/", sweep.sweep, name="sweep"),
    path("follow-ups/<int:pk>/done/", board.follow_up_done, name="follow_up_done"),
    path("deadlines/<int:pk>/", deadlines.deadline_detail, name="deadline_detail"),
    path("deadlines/<int:pk>/met/", deadlines.meet_deadline, name="meet_deadline"),
    path("connection/<slug:code>/", roster.connection_roster, name="connection_roster"),
    path("parcels/<int:pk>/notices/new/", notices.issue_notice, name="issue_notice"),
    path("parcels/<int:pk>/violations/new/", notices.new_violation, name="new_violation"),
    path("notices/<int:pk>/", notices.notice_detail, name="notice_detail"),
    path("notices/<int:pk>/service/", notices.record_service, name="record_service"),
    path("violations/<int:pk>/", violations.violation_detail, name="violation_detail"),
    path("violations/<int:pk>/move/", violations.move_violation, name="move_violation"),
    path("violations/<int:pk>/evidence/", violations.add_evidence, name="add_evidence"),
    path("violations/<int:pk>/correction/", violations.record_correction, name="record_correction"),
    path("violations/<int:pk>/court-fines/", violations.record_court_fine, name="record_court_fine"),
    path("violations/<int:pk>/charges/", violations.record_charge, name="record_charge"),
] + optional_include("documents/", "sewerworks.enforcement.documents.urls")
