"""Signing up, confirming the address, signing in and out, and choosing a new password."""

from __future__ import annotations

from django import forms
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from sewerworks.public.actions import (
    AccountRefused,
    do_request_password_reset,
    do_reset_password,
    do_sign_up,
    do_verify_email,
    sign_in,
)
from sewerworks.public.actions.accounts import reset_user
from sewerworks.public.ratelimit import limited
from sewerworks.public.views.common import message, page

BACKEND = "sewerworks.core.access.authentication.PasswordBackend"


class SignUpForm(forms.Form):
    email = forms.EmailField(label="E-mail address", max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))  # fmt: skip
    password = forms.CharField(label="Password", widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
                               help_text="At least 12 characters; not a common password.")  # fmt: skip


class SignInForm(forms.Form):
    email = forms.EmailField(label="E-mail address", max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))  # fmt: skip
    password = forms.CharField(label="Password", widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))


class EmailForm(forms.Form):
    email = forms.EmailField(label="E-mail address", max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))  # fmt: skip


class NewPasswordForm(forms.Form):
    password = forms.CharField(label="New password", widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
                               help_text="At least 12 characters; not a common password.")  # fmt: skip


def _form(request: HttpRequest, form: forms.Form, heading: str, button: str, *, intro: str = "", after: str = "",
          status: int = 200) -> HttpResponse:  # fmt: skip
    return page(request, "public/form.html", {"form": form, "heading": heading, "button": button, "intro": intro,
                                              "after": after}, status=status)  # fmt: skip


def _apply(form: forms.Form, exc: ValidationError) -> None:
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error("password", exc)


@login_not_required
@limited
def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            do_sign_up(form.cleaned_data["email"], form.cleaned_data["password"], request=request)
        except ValidationError as exc:
            _apply(form, exc)
        else:  # the same answer for a new address and a registered one (the mail says which)
            return message(request, "Check your mail",
                           f"We sent a message to {form.cleaned_data['email']}. Open the link in it to confirm your "
                           "address and sign in.",
                           "No message after a few minutes? Look in your spam folder.")  # fmt: skip
    return _form(request, form, "Open an account", "Open the account", status=400 if form.errors else 200,
                 intro="For owners of property in the Town of Marlborough: your sewer bills, balance and notices.",
                 after=f'Already have one? <a href="{reverse("public:signin")}">Sign in</a>.')  # fmt: skip


@login_not_required
@limited
def verify(request: HttpRequest, token: str) -> HttpResponse:
    try:
        account = do_verify_email(token)
    except AccountRefused as exc:
        return message(request, "This link does not work", str(exc), link=reverse("public:signin"),
                       link_text="Sign in", status=400)  # fmt: skip
    logout(request)
    login(request, account.user, backend=BACKEND)
    return redirect("public:me")


def _next(request: HttpRequest) -> str:
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if wanted.startswith("/public/") and url_has_allowed_host_and_scheme(wanted, {request.get_host()}):
        return wanted
    return reverse("public:me")


@login_not_required
@limited
def signin(request: HttpRequest) -> HttpResponse:
    form = SignInForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            account = sign_in(request, form.cleaned_data["email"], form.cleaned_data["password"])
        except AccountRefused as exc:
            form.add_error(None, str(exc))
        else:
            logout(request)
            login(request, account.user, backend=BACKEND)
            return redirect(_next(request))
    after = (f'<a href="{reverse("public:reset")}">Forgot your password?</a> · '
             f'<a href="{reverse("public:signup")}">Open an account</a>')  # fmt: skip
    return _form(request, form, "Sign in", "Sign in", after=after, status=400 if form.errors else 200)


@login_not_required
@require_POST
def signout(request: HttpRequest) -> HttpResponse:
    logout(request)
    return redirect("public:home")


@login_not_required
@limited
def reset(request: HttpRequest) -> HttpResponse:
    form = EmailForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        do_request_password_reset(form.cleaned_data["email"], request=request)
        return message(request, "Check your mail",
                       f"If {form.cleaned_data['email']} has an account, we sent it a link to choose a new "
                       "password.")  # fmt: skip
    return _form(request, form, "Choose a new password", "Send me a link",
                 intro="We will mail a link to the address of your account.")  # fmt: skip


@login_not_required
@limited
def reset_confirm(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    try:
        reset_user(uidb64, token)
    except AccountRefused as exc:
        return message(request, "This link does not work", str(exc), link=reverse("public:reset"),
                       link_text="Ask for a new link", status=400)  # fmt: skip
    form = NewPasswordForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            account = do_reset_password(uidb64, token, form.cleaned_data["password"])
        except ValidationError as exc:
            _apply(form, exc)
        except AccountRefused as exc:
            return message(request, "This link does not work", str(exc), status=400)
        else:
            logout(request)
            login(request, account.user, backend=BACKEND)
            return redirect("public:me")
    return _form(request, form, "Choose a new password", "Save the password", status=400 if form.errors else 200)


