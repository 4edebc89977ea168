"""Dated parameters: every number the Town can change, with its unit, effective date and reference.

``load_jurisdiction()`` reads ``parameters/<jurisdiction>/*.yaml`` (cached) and lays site values
(Town Board resolutions recorded in the product) over them; ``ParameterSet.at(day)`` gives the values
in force that day and records what a rule read.
"""

from sewerworks.ordinance.parameters.loader import DEFAULT_JURISDICTION, load_file, load_jurisdiction
from sewerworks.ordinance.parameters.model import (
    DatedValue,
    NotInForce,
    Parameter,
    ParameterError,
    ParameterSet,
    ParameterSource,
    ParameterView,
    Reference,
    RefusedValue,
    SiteValue,
    ValueSetAside,
)
from sewerworks.ordinance.parameters.site import apply_sources, check_site_value
from sewerworks.ordinance.parameters.units import UNITS, is_money

__all__ = [
    "DEFAULT_JURISDICTION",
    "UNITS",
    "DatedValue",
    "NotInForce",
    "Parameter",
    "ParameterError",
    "ParameterSet",
    "ParameterSource",
    "ParameterView",
    "Reference",
    "RefusedValue",
    "SiteValue",
    "ValueSetAside",
    "apply_sources",
    "check_site_value",
    "is_money",
    "load_file",
    "load_jurisdiction",
]
