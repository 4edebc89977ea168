"""The public URL space, ``/public/``: pages without sign-in, a person's account, and the owner's pages (random
public ids, never record numbers)."""

from django.urls import path

from sewerworks.public.api import public_api
from sewerworks.public.views import account, owner, pages

app_name = "public"

urlpatterns = [
    path("", pages.home, name="home"),
    path("availability/", pages.availability, name="availability"),
    path("fees/", pages.fees, name="fees"),
    path("ordinance/", pages.ordinance, name="ordinance"),
    path("ordinance/<str:number>/", pages.section, name="section"),
    path("check/", pages.check, name="check"),
    path("check/<slug:topic>/", pages.check_topic, name="check_topic"),
    path("signup/", account.signup, name="signup"),
    path("verify/<str:token>/", account.verify, name="verify"),
    path("signin/", account.signin, name="signin"),
    path("signout/", account.signout, name="signout"),
    path("reset/", account.reset, name="reset"),
    path("reset/<str:uidb64>/<str:token>/", account.reset_confirm, name="reset_confirm"),
    path("me/", owner.me, name="me"),
    path("me/link/", owner.link, name="link"),
    path("me/paperless/", owner.paperless, name="paperless"),
    path("me/verify/", owner.resend, name="resend"),
    path("parcels/<str:public_id>/", owner.parcel, name="parcel"),
    path("parcels/<str:public_id>/unlink/", owner.unlink, name="unlink"),
    path("bills/<str:public_id>/", owner.bill, name="bill"),
    path("notices/<str:public_id>/", owner.notice, name="notice"),
    path("api/", public_api.urls),
]
