"""The staff sign-in page: Django's login view with the site's form, which says why a sign-in was refused
when it was not the password: the client's address cooling after too many failures (``core.access.throttle``,
issue 30). A wrong password, or a user name locked after its own failures, gets the one message that
names neither.

A server whose sign-in cookies are sent only over https (``SESSION_COOKIE_SECURE``: DEBUG off) reached over
plain http cannot sign anyone in, since the browser never sends those cookies back: the page then says that
the server must be reached over https, with the page's https address and the deploy guide's TLS section
(issue 30: a town serving on plain http on its own network was not told why signing in failed). Not on
localhost or a loopback address, whose plain http browsers treat as secure (they keep the cookies there)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.web.guide import TLS_ANCHOR

INVALID = "Your user name and password did not match. Please try again."


def _loopback(host: str) -> bool:
    """A browser keeps secure cookies for http://localhost and the loopback addresses (a secure context)."""
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return name in {"localhost", "[::1]"} or name.startswith("127.")


class SignInForm(AuthenticationForm):
    error_messages = {**AuthenticationForm.error_messages, "invalid_login": INVALID}

    def get_invalid_login_error(self) -> forms.ValidationError:
        until = getattr(self.request, "_sewerworks_address_refused", None)
        if until is not None:
            return forms.ValidationError(
                f"Too many failed sign-ins from your address: signing in from it is paused until "
                f"{timezone.localtime(until):%H:%M}. Other computers are not affected.",
                code="address_refused",
            )
        return super().get_invalid_login_error()


class SignInView(auth_views.LoginView):
    form_class = SignInForm

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        request = self.request
        secure_only = settings.SESSION_COOKIE_SECURE or settings.CSRF_COOKIE_SECURE
        if secure_only and not request.is_secure() and not _loopback(request.get_host()):
            context["https_url"] = "https://" + request.get_host() + request.get_full_path()
            context["guide_url"] = reverse("deploy_guide") + "#" + TLS_ANCHOR
        return context
