"""Sewer designs read from files (GeoJSON, EPA SWMM 5) and reviewed against Article V, in plain Python (no database)."""
