"""The ordinance browser's URLs, included under ``ordinance/`` in the ``core`` namespace."""

from django.urls import path

from sewerworks.core.ordinance_browser import views

urlpatterns = [
    path("", views.ordinance_index, name="ordinance_index"),
    path("not-complete/", views.ordinance_unfinished, name="ordinance_unfinished"),
    path("<str:number>/", views.ordinance_section, name="ordinance_section"),
]
