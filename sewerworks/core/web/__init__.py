"""The site around every page: what a request passes through and what every page shows.

Owns: the middleware (login everywhere, body size limits, no NUL character in any text taken, the content
security policy, ``middleware``; the methods a page answers, ``methods``; a clear 503 when the database is
down, ``outage``; JSON request logs, ``logs``), the refusal pages (``errors``), the sign-in page (``login``),
the deploy guide served to anyone (``guide``), ``/healthz`` (``health``), the navigation the apps register
(``navigation``, ``context_processors``), the dashboard panels and "my work today" the apps register
(``dashboard``), core's own screens (``views``: the dashboard, jobs), URL helpers (``urlutils``), hashed static
files (``staticstorage``) and the checks of ``check --deploy`` (``checks``).

May import: Django, core's models, base modules and every other core package (it is core's top, with ``api``).
Never an app: apps plug their pages, panels and navigation in through the registries here.
"""
