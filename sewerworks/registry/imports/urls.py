"""Import screens; included by ``sewerworks.registry.urls`` under ``import/`` in the ``registry`` namespace."""

from django.urls import path

from sewerworks.registry.imports import views

urlpatterns = [
    path("", views.import_home, name="import_home"),
    path("preview/", views.import_preview, name="import_preview"),
    path("commit/", views.import_commit, name="import_commit"),
    path("result/", views.import_result, name="import_result"),
    path("result/<str:run>/rejects/", views.import_reject_file, name="import_reject_file"),
]
