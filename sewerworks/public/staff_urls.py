"""The staff's URLs of the public side, ``/public-accounts/`` (login and role as every staff page)."""

from django.urls import path

from sewerworks.public.views import staff

app_name = "public_staff"

urlpatterns = [
    path("", staff.links, name="links"),
    path("links/<int:pk>/end/", staff.revoke, name="revoke"),
    path("access-codes/<int:pk>/replace/", staff.rotate, name="rotate"),
    path("outbox/", staff.outbox, name="outbox"),
]
