"""The sewerworks REST API (django-ninja), documented at /api/docs and /api/openapi.json.

Every endpoint needs a signed-in session (with its CSRF token for changes) or an API token sent as
``Authorization: Bearer sw_…``; every endpoint also asks the user's role through ``rules``.
"""

import sys
from typing import Any

from django.http import HttpRequest
from ninja import NinjaAPI, Swagger
from ninja.errors import AuthenticationError, HttpError, ValidationError

from sewerworks.core.api.auth import ApiTokenAuth, SessionAuth
from sewerworks.core.api.openapi import document_refusals
from sewerworks.core.api.parsing import NulRefusingParser, refused_text
from sewerworks.core.api.query import document_unknown_parameters, serve
from sewerworks.core.text import NulRefused


class SewerworksDocs(Swagger):
    """Swagger UI in the site's page (sewerworks/templates/site/api_docs.html): the language set, contrast,
    controls that do not nest."""

    template = "site/api_docs.html"


class SewerworksAPI(NinjaAPI):
    """The API whose schema documents every refusal an operation can give: the 400 for an unknown query
    parameter (``core/api/query.py``) and the rest (``core/api/openapi.py``)."""

    def get_openapi_operation_id(self, operation: Any) -> str:
        """An operation's id is part of the published document (a generated client names its methods by it), so a
        module's move never changes it: a module that moved names where it was published from in ``PUBLISHED_AS``."""
        module = operation.view_func.__module__
        published = getattr(sys.modules.get(module), "PUBLISHED_AS", module)
        return f"{published}_{operation.view_func.__name__}".replace(".", "_")

    def get_openapi_schema(self, **kwargs: Any) -> Any:
        return document_refusals(document_unknown_parameters(super().get_openapi_schema(**kwargs)))


api = SewerworksAPI(
    title="sewerworks",
    version="1",
    description=(
        "The Town of Marlborough sewer department's records and the Chapter 118 determinations. "
        "Authenticate with a session cookie (and X-CSRFToken for changes) or a bearer API token."
    ),
    auth=[ApiTokenAuth(), SessionAuth()],
    urls_namespace="api",
    docs=SewerworksDocs(),
    parser=NulRefusingParser(),
)


@api.exception_handler(ValidationError)
def _validation_error(request: HttpRequest, exc: ValidationError) -> Any:
    return api.create_response(request, {"detail": exc.errors}, status=422)


@api.exception_handler(AuthenticationError)
def _auth_error(request: HttpRequest, exc: AuthenticationError) -> Any:
    return api.create_response(request, {"detail": "Sign in or send an API token."}, status=401)


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> Any:
    refused = refused_text(exc)  # a body with a NUL character: its parser's refusal, not "cannot parse"
    if refused is not None:
        return api.create_response(request, {"detail": refused.detail}, status=422)
    return api.create_response(request, {"detail": str(exc)}, status=exc.status_code)


@api.exception_handler(NulRefused)
def _nul_refused(request: HttpRequest, exc: NulRefused) -> Any:
    return api.create_response(request, {"detail": exc.detail}, status=422)


def _add_routers() -> None:
    from sewerworks.core.api.charges import router as charges_router
    from sewerworks.core.api.routes import router as core_router
    from sewerworks.core.resolutions.api import router as resolutions_router

    # core's endpoints (determinations, jobs) carry Board resolutions and pending charges under them, as published
    core_router.add_router("/", resolutions_router)
    core_router.add_router("/", charges_router)
    api.add_router("/", core_router)
    from importlib import import_module
    from importlib.util import find_spec

    apps = ("registry", "enforcement", "billing", "grease", "engineering", "contracts", "permits", "pretreatment",
            "inspections", "public")
    for module in (f"sewerworks.{app}.api" for app in apps):
        if find_spec(module) is not None:
            api.add_router("/", import_module(module).router)


_add_routers()
serve(api)
