"""The sections of Chapter 118 the registry implements (ordinance browser coverage).

- §118-25: "Prior to connection, the Water Superintendent or assistant shall certify that the meter is
  installed and working properly": ``do_certify_meter`` (the Water Superintendent alone, on or after the
  meter's installation, never in the future), and the meter form that cannot certify.
"""

from __future__ import annotations

from sewerworks.core.ordinance_browser.coverage import declare_implemented

TESTS = "sewerworks/registry/tests/test_actions.py::"
DECLARED: dict[str, tuple[str, tuple[str, ...]]] = {
    "118-25": (
        "registry: the Water Superintendent certifies each meter installed and working before connection",
        (
            TESTS + "test_the_water_superintendent_certifies_an_installed_meter",
            TESTS + "test_only_the_water_superintendent_certifies",
            TESTS + "test_a_meter_is_certified_only_once_installed_and_not_in_the_future",
        ),
    ),
}


def declare() -> list[str]:
    """Declare what the registry implements now; the sections declared."""
    for number, (how, tests) in DECLARED.items():
        declare_implemented(number, by=how, tested_by=tests)
    return sorted(DECLARED)


declare()
