"""The inspections screens, under /inspections/ (namespace ``inspections``)."""

from django.urls import path

from sewerworks.inspections.views import pages

app_name = "inspections"

urlpatterns = [
    path("", pages.inspection_list, name="home"),
    path("<int:pk>/", pages.inspection_detail, name="detail"),
    path("<int:pk>/schedule/", pages.schedule, name="schedule"),
    path("<int:pk>/result/", pages.record_result, name="result"),
    path("<int:pk>/photos/", pages.add_photo, name="add_photo"),
]
