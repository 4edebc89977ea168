"""One import framework for every program: a registry of import kinds, previews, all-or-none or
valid-rows-only commits with reject files, background jobs for large files, and the command-line
convention (``--valid-rows-only``, ``--reject-file``, ``--as-user``).

Kinds (:mod:`.kinds`): each app registers a class per kind of file (``register_import_kind``): how to read
and check it, what to write, its reject file, its permission, the counts it reports and its job
thresholds. The registry's roll and polygons are the first two; core knows nothing of parcels.

Committing a large import without locking everyone out (:mod:`.writer`, :mod:`.sqlbatch`)
-----------------------------------------------------------------------------------------
SQLite has one write lock. An import used to be one transaction: two minutes for 200,000 rows, during
which every login and token request failed with "database is locked". Now:

1. The file is read, checked and planned with no transaction at all (reads only).
2. An ``ImportBatch`` row is created (status *pending*). New rows are written in chunks, each chunk its own
   short transaction, every row tagged with the batch's run id in ``import_run``. The INSERT statements of
   a chunk (and of its history rows) are compiled *before* its transaction opens, so the transaction only
   executes them; chunks are sized to hold the lock about 0.1 s, and between chunks the lock is left free
   for a moment so that waiting writers get their turn.
3. Rows of a pending batch are invisible: every model imports write into inherits ``StagedRows``, whose
   default manager hides rows whose ``import_run`` names a batch not yet published (lists, search, the
   API, related managers, counts). Their history rows are reachable only through them.
4. One short final transaction publishes: the batch's status becomes *published* (every staged row becomes
   visible at that instant), changes to rows that already existed (an owner's new address, a corrected
   value, polygons) are applied, and the AuditEvents are written. All rows or none still holds.
5. If the import fails before publishing, its batch is marked *discarded* (its rows stay hidden) and its
   rows and history rows are deleted in short transactions. If the process dies, the batch stays pending
   and hidden; ``cleanup_abandoned`` (run at the start of every import) discards a batch with no chunk
   written for 30 minutes, and finishes any discard that was itself cut short.

Limits, deliberately: changes to *existing* rows are applied in the publishing transaction, so its length
grows with their number (a roll that changes every parcel's address publishes them in one go); new rows,
the bulk of a first roll or a new roll year, never are. Two imports at once may try to add the same new
record; the second then fails at a chunk, is discarded, and says so.

Previews of large files (:mod:`.tasks`) run as background jobs reading the file from disk in bounded
memory; request-path writes that must not wait behind an import are in :mod:`sewerworks.core.records.quickwrite`.
"""
