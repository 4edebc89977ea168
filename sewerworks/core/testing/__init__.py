"""Test helpers every app's tests may use (imported by tests only, never by the running site)."""
