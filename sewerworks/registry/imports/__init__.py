"""Imports into the registry: the assessor's roll (CSV) and the parcel polygons (GeoJSON), two kinds
(:mod:`sewerworks.registry.imports.kinds`) on the core import framework (:mod:`sewerworks.core.imports`).

Every import is previewed first (parsed and validated, nothing written), then committed either
whole (all rows or none) or, on request, valid rows only with a reject file of the rest. The
actions in :mod:`sewerworks.registry.imports.actions` are what the screens, the management commands
and the background worker call.
"""
