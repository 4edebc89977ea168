"""The pretreatment screens, under /pretreatment/ (namespace ``pretreatment``)."""

from django.urls import path

from sewerworks.pretreatment.views import entry, evaluations, pages

app_name = "pretreatment"

urlpatterns = [
    path("", pages.user_list, name="home"),
    path("users/new/", entry.register_user, name="register_user"),
    path("users/<int:pk>/", pages.user_detail, name="user_detail"),
    path("users/<int:pk>/sampling-points/new/", entry.add_point, name="add_point"),
    path("users/<int:pk>/agreements/new/", entry.record_agreement, name="record_agreement"),
    path("users/<int:pk>/treatment/new/", entry.record_treatment, name="record_treatment"),
    path("users/<int:pk>/cooling-water-permits/new/", entry.record_permit, name="record_permit"),
    path("users/<int:pk>/visits/new/", entry.record_visit, name="record_visit"),
    path("users/<int:pk>/samples/new/", entry.enter_sample, name="enter_sample"),
    path("exceedances/", pages.exceedance_list, name="exceedances"),
    path("reviews/", pages.review_queue, name="reviews"),
    path("reviews/<int:pk>/decide/", pages.review_decide, name="review_decide"),
    path("results/", pages.results_import, name="results_import"),
    path("results/<str:run>/rejects/", pages.results_rejects, name="results_rejects"),
    path("evaluations/", evaluations.evaluation_list, name="evaluations"),
    path("evaluations/start/", evaluations.evaluation_start, name="evaluation_start"),
    path("evaluations/jobs/<int:job_id>/", evaluations.evaluation_job, name="evaluation_job"),
    path("evaluations/<int:pk>/", evaluations.evaluation_detail, name="evaluation_detail"),
]
