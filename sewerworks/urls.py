from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from sewerworks.api import api
from sewerworks.core.web.guide import deploy_guide
from sewerworks.core.web.health import healthz
from sewerworks.core.web.login import SignInView
from sewerworks.core.web.urlutils import optional_include

handler500 = "sewerworks.core.web.outage.server_error"  # an outage met outside a view is a 503 (core.web.outage)
handler403 = "sewerworks.core.web.errors.permission_denied"  # the site's page with the reason and a way back

urlpatterns = [
    path("login/", SignInView.as_view(), name="login"),
    path("deploy-guide/", deploy_guide, name="deploy_guide"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("public/", include("sewerworks.public.urls")),  # the public side: its own URL space (issue 37)
    path("public-accounts/", include("sewerworks.public.staff_urls")),  # staff's view of it
    path("", include("sewerworks.core.urls")),
]

for _app in ("registry", "enforcement", "billing", "grease", "engineering", "contracts", "permits", "pretreatment",
             "inspections"):
    urlpatterns[-1:-1] = optional_include(f"{_app}/", f"sewerworks.{_app}.urls")
