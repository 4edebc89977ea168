"""The site's pages answer only the methods a browser form uses.

HTML pages are read with GET (and HEAD) and changed by forms that POST; no page takes PUT, PATCH or DELETE
(those are the REST API's, under ``/api/``, which answers them per operation). A page answered them as if
they were GET, with 200 and the page, telling a client its DELETE had worked: now they get 405 Method Not
Allowed with the methods a page takes.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed

PAGE_METHODS = ("GET", "HEAD", "POST", "OPTIONS")
NOT_PAGES = ("/api/", "/admin/")


class PageMethodsMiddleware:
    """405 for a method no page takes (PUT, PATCH, DELETE, ...) outside the API and the admin."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in PAGE_METHODS and not request.path_info.startswith(NOT_PAGES):
            response = HttpResponseNotAllowed(["GET", "HEAD", "POST"])
            response.content = (
                f"{request.method} is not a method of this page: read it with GET, send forms with POST.".encode()
            )
            return response
        return self.get_response(request)
