"""What every record shares, whatever its program: when it happened, how its status moves, where it shows.

Owns: the day a thing happened apart from when its row was written (``events``, I-114), status pipelines declared
as data with a history row per move (``pipelines``), a record's timeline built from every app's entries
(``timeline``), the sections other apps add to a record's page and the rows prefetched for them (``sections``),
the table generations each committed write moves on (``generation``), the signal bulk writes send
(``bulk``), and small writes on the request path that never wait behind a batch (``quickwrite``).

May import: Django, core's models and base modules (``money``, ``text``, ``parameters``) and ``access``. Never
``web``, ``api``, ``jobs`` nor any app: apps register their timeline entries and page sections here.
"""
