from django.urls import path

from sewerworks.core import views
from sewerworks.core.attachment_views import attachment_download
from sewerworks.core.urlutils import optional_include

app_name = "core"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("jobs/", views.job_list, name="job_list"),
    path("jobs/<int:pk>/", views.job_detail, name="job_detail"),
    path("determinations/", views.determination_list, name="determination_list"),
    path("files/<slug:kind>/<int:pk>/", attachment_download, name="attachment"),
] + optional_include("ordinance/", "sewerworks.core.ordinance_browser.urls")
