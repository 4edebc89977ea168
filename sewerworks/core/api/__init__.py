"""The API's shared parts: what every app's endpoints use, once.

Owns: authentication of API callers (``auth``: session or bearer token, the role check ``require``), the common
refusals (``errors``: 404 for an unknown record, 422 from a ``ValidationError``), the shared input types
(``schemas``: ``Day``; the one ``ErrorOut`` and ``PageInput``), the body parser that refuses a NUL character
(``parsing``), the refusal of unknown query parameters (``query``), the refusals every operation documents
(``openapi``), core's own endpoints (``routes``: determination topics and jobs) and the pending charges over REST
(``charges``).

May import: Django, django-ninja, the ordinance, and core's base modules and packages (models, records, jobs,
access, determinations). Never ``sewerworks.api`` (the site assembled at the top names itself here through
``query.serve``) nor any app.
"""
