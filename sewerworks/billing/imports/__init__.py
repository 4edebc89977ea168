"""Billing's import kinds on the core import framework (:mod:`sewerworks.core.imports`): the water
district's semiannual meter-read file (:mod:`.reads`)."""
