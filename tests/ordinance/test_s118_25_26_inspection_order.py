"""§§118-25, 118-26 (I-49, I-130, I-131): the plumber's notice, the trench, the applicant's notice, the meter,
the connection, in that order; both sides of every date the meter's certification is compared with."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import FactsError, determine

AS_OF = date(2026, 5, 1)
READY: dict[str, Any] = {
    "permit_kind": "building_sewer",
    "status": "ready_for_connection",
    "step": "pass_connection",
    "on": "2026-04-14",
    "trench_result": "passed",
    "meter_installed_on": "2026-04-01",
    "meter_certified_on": "2026-04-08",
}
TRENCH: dict[str, Any] = {
    "permit_kind": "building_sewer",
    "status": "in_construction",
    "step": "pass_trench",
    "on": "2026-04-06",
    "trench_result": "open",
}


def _decide(base: dict[str, Any], **changes: Any) -> Decision:
    return determine("inspection-order", {**base, **changes}, as_of=AS_OF)


def _failed(d: Decision) -> set[str]:
    return {f.requirement for f in d.failed}


def test_a_connection_whose_meter_is_certified_between_installation_and_pass_may_pass() -> None:
    d = _decide(READY)
    assert d.outcome == "complies" and not d.failed
    assert "118-25" in d.sections and "I-49" in d.interpretations
    assert "Water Superintendent or assistant" in d.summary


def test_without_a_certification_the_connection_is_refused_citing_118_25_and_i_49() -> None:
    d = _decide(READY, meter_certified_on=None)
    assert d.outcome == "fails" and _failed(d) == {"meter-certified"}
    finding = d.finding("meter-certified")
    assert finding.section == "118-25" and finding.interpretations == ["I-49"]


def test_without_a_meter_installed_the_connection_is_refused() -> None:
    d = _decide(READY, meter_installed_on=None, meter_certified_on=None)
    assert _failed(d) == {"meter-installed"}


@pytest.mark.parametrize(
    ("installed", "certified", "on", "failed"),
    [
        ("2026-04-08", "2026-04-08", "2026-04-14", set()),  # certified the day it was installed
        ("2026-04-09", "2026-04-08", "2026-04-14", {"certified-after-installation"}),  # the day before
        ("2026-04-01", "2026-04-14", "2026-04-14", set()),  # certified the day of the connection
        ("2026-04-01", "2026-04-15", "2026-04-14", {"certified-before-pass"}),  # the day after
    ],
)
def test_i_49_the_certification_lies_between_installation_and_the_pass_both_ends_included(
    installed: str, certified: str, on: str, failed: set[str]
) -> None:
    d = _decide(READY, meter_installed_on=installed, meter_certified_on=certified, on=on)
    assert _failed(d) == failed
    assert d.outcome == ("fails" if failed else "complies")


def test_the_connection_waits_for_the_applicants_notice() -> None:
    d = _decide(READY, status="inspected")
    assert _failed(d) == {"status"}
    assert "ready for inspection and connection" in d.finding("status").sentence


def test_the_applicants_notice_is_refused_until_the_trench_passes() -> None:
    refused = _decide(READY, step="request_connection", status="in_construction", trench_result="failed")
    assert _failed(refused) == {"status", "trench-passed"}
    assert "refused until the trench inspection passes" in refused.finding("status").sentence
    accepted = _decide(READY, step="request_connection", status="inspected")
    assert accepted.outcome == "complies"


def test_the_meter_is_no_gate_of_the_applicants_notice() -> None:
    d = _decide(READY, step="request_connection", status="inspected", meter_installed_on=None, meter_certified_on=None)
    assert d.outcome == "complies"


def test_the_plumbers_notice_opens_the_trench_inspection_during_construction_only() -> None:
    assert _decide(TRENCH, step="request_trench", trench_result="none").outcome == "complies"
    assert _failed(_decide(TRENCH, step="request_trench", status="approved")) == {"status"}
    assert _failed(_decide(TRENCH, step="request_trench", trench_result="passed")) == {"plumber-notice"}


def test_a_trench_found_open_passes_and_one_never_noticed_does_not() -> None:
    assert _decide(TRENCH).outcome == "complies"
    assert _failed(_decide(TRENCH, trench_result="none")) == {"trench-open"}
    assert _failed(_decide(TRENCH, trench_result="failed")) == {"trench-open"}


def test_a_trench_filled_first_fails_and_orders_reexcavation_within_the_days_set_i_131() -> None:
    d = _decide(TRENCH, trench_result="filled")
    assert _failed(d) == {"trench-open"}
    due = d.deadline_for("reexcavate")
    assert due.due == date(2026, 4, 13) and due.section == "118-26"  # Monday + 7 days
    assert "I-131" in due.interpretations and "re-excavate" in due.sentence
    assert any(p.key == "permits.reexcavate_days" for p in d.parameters)


def test_a_reexcavation_ending_on_a_holiday_moves_to_the_next_business_day() -> None:
    d = _decide(TRENCH, trench_result="filled", on="2026-05-18")  # + 7 = Memorial Day, Monday 2026-05-25
    assert d.deadline_for("reexcavate").due == date(2026, 5, 26)


def test_an_opening_permit_has_its_trench_inspected_once_granted_and_no_connection() -> None:
    granted = {**TRENCH, "permit_kind": "opening", "status": "granted"}
    assert _decide(granted).outcome == "complies"
    assert _failed(_decide(granted, status="submitted")) == {"status"}
    d = _decide(granted, step="pass_connection")
    assert _failed(d) == {"status"} and "no §118-25 connection" in d.finding("status").sentence


def test_the_facts_are_these_seven_and_no_other() -> None:
    with pytest.raises(FactsError) as raised:
        determine("inspection-order", {**READY, "plumber": "Joe"}, as_of=AS_OF)
    assert raised.value.errors[0]["loc"] == ["plumber"]
    with pytest.raises(FactsError):
        determine("inspection-order", {**READY, "step": "close"}, as_of=AS_OF)
