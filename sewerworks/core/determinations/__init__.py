"""Determinations from Django: a topic of the ordinance run on facts, by the CLI, the API and the screens alike.

Owns: running a topic with the parameters in force and Board resolutions (``run``: ``run_determination``,
``today``), a topic's facts as a form generated from its JSON Schema (``forms``), facts a record already holds
when a determination is opened from its page (``prefill``, apps register), and the screens (``views``).

May import: Django, the ordinance, core's models, base modules (``parameters``), ``access`` and ``records``.
Never ``web``, ``api``, ``jobs`` nor any app.
"""
