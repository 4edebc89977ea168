"""Town Board resolutions recorded after installation: the values they set, checked before storing.

``actions`` (``do_record_resolution``), ``changes`` (what a resolution changed, old → new), ``forms``,
``views`` and ``api``; the models are ``core.models.BoardResolution`` and ``ParameterOverride``.
"""
