"""The staff sign-in page: Django's login view with the site's form, which says why a sign-in was refused
when it was not the password: the client's address cooling after too many failures (``core.access.throttle``,
issue 30). A wrong password, or a user name locked after its own failures, gets the one message that
names neither."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.utils import timezone

INVALID = "Your user name and password did not match. Please try again."


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
        return super().get_context_data(**kwargs)
