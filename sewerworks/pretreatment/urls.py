"""The pretreatment screens, under /pretreatment/ (namespace ``pretreatment``)."""

from django.urls import path

from sewerworks.pretreatment import views

app_name = "pretreatment"

urlpatterns = [
    path("", views.user_list, name="home"),
    path("users/<int:pk>/", views.user_detail, name="user_detail"),
    path("exceedances/", views.exceedance_list, name="exceedances"),
    path("reviews/", views.review_queue, name="reviews"),
    path("reviews/<int:pk>/decide/", views.review_decide, name="review_decide"),
    path("results/", views.results_import, name="results_import"),
    path("results/<str:run>/rejects/", views.results_rejects, name="results_rejects"),
]
