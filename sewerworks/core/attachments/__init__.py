"""Attachments: files people upload (evidence photographs, reports, plans), checked by their content.

Owns: the upload's checks of size and type sniffed from the bytes, storage and the registry of the records that
hold files (``files``), and ``/files/<kind>/<pk>/``, the one way a file leaves the server, after a permission
check (``views``).

May import: Django, core's models and ``access``. Never ``web``, ``api`` nor any app: an app registers the
records that hold its files (its ``attachments.py``).
"""
