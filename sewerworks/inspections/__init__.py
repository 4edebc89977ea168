"""Inspections in the field: one record for every inspection any program asks for (§§118-24..28 first).

Owns: the inspection (its subject, kind, the request that opened it, the schedule, the checklist as issued, the
result, notes, photos, the position where it was made, and the inspection it repeats), the registry of the
subjects a program has inspected (``subjects``: a permit's trench and connection, later an extension's
exfiltration test sections), the listing of every inspection with the older records of other programs beside
them (``listing``), and the Board's appointees who may supervise a connection (§118-25).

Sits above enforcement (the deadlines, notices and violations a result may start are enforcement's) and below
the programs: a program registers its subjects and their hooks here; this app never imports a program.
"""
