"""Every refusal the API can give is in its schema (issue 18), added in one place rather than on each of
the hundred operations: a client generated from ``/api/openapi.json`` then knows every status it may meet.

- 400 Bad Request: the body is not JSON, or a query names a filter the operation does not have;
- 401 Unauthorized: no session or API token (operations that need one: all but the allowlisted);
- 403 Forbidden: the user's role may not (every signed-in operation asks its rule);
- 404 Not Found: an id in the path names no record;
- 413 Content Too Large: a body over the limit (``BodySizeLimitMiddleware``);
- 422 Unprocessable Content: a field or a rule refused, naming it.

Each answer is ``{"detail": …}`` (``core.api.schemas.ErrorOut``, the one class every app's operations name);
an operation's own description of a status is kept.
"""

from __future__ import annotations

from typing import Any

from sewerworks.core.api.schemas import ErrorOut

ERROR_REF = {"$ref": "#/components/schemas/ErrorOut"}
WHY = {
    "400": "Bad Request: the body is not JSON, or the query names a filter this operation does not have",
    "401": "Unauthorized: sign in or send an API token",
    "403": "Forbidden: the user's role may not do this",
    "404": "Not Found: no record with this id",
    "413": "Content Too Large: the body is over the size limit",
    "422": "Unprocessable Content: a field or a rule refused the request, named in the detail",
}
METHODS = {"get", "post", "put", "patch", "delete"}


def _refusals(operation: dict[str, Any], path: str) -> list[str]:
    codes = ["400", "422"]
    if operation.get("security"):
        codes += ["401", "403"]
    if "{" in path:
        codes.append("404")
    if "requestBody" in operation:
        codes.append("413")
    return codes


def document_refusals(schema: Any) -> Any:
    """``schema`` with the refusals of every operation documented (existing entries are kept)."""
    schema.setdefault("components", {}).setdefault("schemas", {})["ErrorOut"] = ErrorOut.model_json_schema()
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            responses = operation.setdefault("responses", {})
            documented = {str(code) for code in responses}  # django-ninja keys them by int
            for code in _refusals(operation, path):
                if code not in documented:
                    responses[int(code)] = {
                        "description": WHY[code],
                        "content": {"application/json": {"schema": ERROR_REF}},
                    }
    return schema
