"""What every public page shares: its template's context and the public account it is for."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode

from sewerworks.public.scope import account_of


def page(
    request: HttpRequest, template: str, context: dict[str, Any] | None = None, *, status: int = 200
) -> HttpResponse:
    return render(request, template, {"public_account": account_of(request.user), **(context or {})}, status=status)


def message(request: HttpRequest, heading: str, *paragraphs: str, link: str = "", link_text: str = "",
            status: int = 200) -> HttpResponse:  # fmt: skip
    shown = {"heading": heading, "paragraphs": paragraphs, "link": link, "link_text": link_text}
    return page(request, "public/message.html", shown, status=status)


def public_account_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """A page of a signed-in public account: anyone else signed in (staff) is refused (403, they have their own
    pages); no one signed in is sent to the public sign-in page and back."""

    @login_not_required
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if not request.user.is_authenticated:
            return redirect(reverse("public:signin") + "?" + urlencode({"next": request.get_full_path()}))
        account = account_of(request.user)
        if account is None:
            return message(request, "This page is for public accounts",
                           "You are signed in as staff: staff see owners' records on the staff pages.",
                           status=403)  # fmt: skip
        return view(request, account, *args, **kwargs)

    return wrapper
