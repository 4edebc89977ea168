from django.urls import path

from sewerworks.core.attachments.views import attachment_download
from sewerworks.core.determinations import views as views_determinations
from sewerworks.core.resolutions import views as resolutions
from sewerworks.core.web import views
from sewerworks.core.web.urlutils import optional_include

app_name = "core"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("jobs/", views.job_list, name="job_list"),
    path("jobs/<int:pk>/", views.job_detail, name="job_detail"),
    path("jobs/<int:pk>/rerun/", views.job_rerun, name="job_rerun"),
    path("jobs/<int:pk>/cancel/", views.job_cancel, name="job_cancel"),
    path("determinations/", views.determination_list, name="determination_list"),
    path(
        "determinations/parcel/<int:pk>/",
        views_determinations.determinations_for_parcel,
        name="determinations_for_parcel",
    ),
    path("determinations/<slug:topic>/", views_determinations.determination_topic, name="determination_topic"),
    path("files/<slug:kind>/<int:pk>/", attachment_download, name="attachment"),
    path("resolutions/", resolutions.resolution_list, name="resolution_list"),
    path("resolutions/new/", resolutions.resolution_new, name="resolution_new"),
    path("resolutions/<int:pk>/", resolutions.resolution_detail, name="resolution_detail"),
] + optional_include("ordinance/", "sewerworks.core.ordinance_browser.urls")
