from django.urls import path

from sewerworks.core import views
from sewerworks.core.urlutils import optional_include

app_name = "core"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("jobs/", views.job_list, name="job_list"),
    path("jobs/<int:pk>/", views.job_detail, name="job_detail"),
    path("determinations/", views.determination_list, name="determination_list"),
] + optional_include("ordinance/", "sewerworks.core.ordinance_browser.urls")
