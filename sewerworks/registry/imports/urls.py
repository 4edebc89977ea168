"""Import screens; included by ``sewerworks.registry.urls`` under ``import/`` in the ``registry`` namespace."""

from django.urls import path

from sewerworks.registry.imports import views

urlpatterns = [
    path("", views.import_home, name="import_home"),
    path("preview/", views.import_preview, name="import_preview"),
    path("commit/", views.import_commit, name="import_commit"),
    path("result/", views.import_result, name="import_result"),
    path("result/<str:run>/rejects/", views.import_reject_file, name="import_reject_file"),
    # one-file kinds other apps register (the water district's meter reads): the same screens
    path("<slug:kind>/", views.import_home, name="import_kind_home"),
    path("<slug:kind>/preview/", views.import_preview, name="import_kind_preview"),
    path("<slug:kind>/commit/", views.import_commit, name="import_kind_commit"),
    path("<slug:kind>/result/", views.import_result, name="import_kind_result"),
    path("<slug:kind>/result/<str:run>/rejects/", views.import_reject_file, name="import_kind_reject_file"),
]
