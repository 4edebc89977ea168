"""Static files with hashed names (``app.3f9c2e1a.css``), compressed, for a year of browser caching.

WhiteNoise's manifest storage, except that a ``sourceMappingURL`` comment is left as it is: the vendor
copies under ``core/static/vendor/`` (Leaflet, htmx) ship without their source maps, and the manifest
storage would otherwise refuse to collect a file whose map is missing. ``url()`` and ``@import`` in
style sheets are still rewritten to the hashed names.
"""

from __future__ import annotations

from typing import Any

from whitenoise.storage import CompressedManifestStaticFilesStorage


def _without_source_maps(patterns: Any) -> tuple[Any, ...]:
    kept = []
    for glob, rules in patterns:
        rules = tuple(r for r in rules if "sourceMappingURL" not in (r if isinstance(r, str) else r[0]))
        if rules:
            kept.append((glob, rules))
    return tuple(kept)


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    patterns = _without_source_maps(CompressedManifestStaticFilesStorage.patterns)

    def stored_name(self, name: str) -> str:
        """The hashed name from the manifest; the name itself while no manifest exists, i.e. before the first
        ``collectstatic`` (a checkout under test, where the test server serves the app folders directly). Once
        collected, a file missing from the manifest is still an error."""
        if not self.hashed_files and not self.exists(self.manifest_name):
            return name
        return super().stored_name(name)

    _urls: dict[str, str] | None = None
    _urls_of: Any = None  # the manifest the URLs were worked out from

    def url(self, name: Any, force: bool = False) -> str:
        """The file's URL, worked out once per name while the manifest stays the same (issue 38: every page asks
        for the same half-dozen files, and each answer was a lookup, a quote and a join)."""
        manifest = self.hashed_files
        if force or not manifest or not isinstance(name, str):
            return super().url(name, force)
        urls = self._urls
        if urls is None or self._urls_of is not manifest:
            urls = self._urls = {}
            self._urls_of = manifest
        found = urls.get(name)
        if found is None:
            found = urls[name] = super().url(name)
        return found
