"""Backup and restore of a town's whole installation (issue 19; I-95 for the portable format).

``sewerworks backup`` writes one archive (``archive.write_backup``): the database as its own engine saves
it (SQLite's online backup API, or ``pg_dump`` in the custom format), every table again as portable JSON
lines (``tables``), the uploaded files, and a manifest with a checksum per file, the row count and
digest of each table and the migration state. ``sewerworks restore`` (``restore.restore_backup``) loads
the JSON lines into any supported database, so moving a town from SQLite to PostgreSQL is a restore.
"""
