"""§118-38 Recordkeeping: a pump-out log with dates, the hauler's receipts (service date and volume), disposal
at a NYSDEC-approved facility, shown to the Superintendent; each gap names its entry."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import NotInForce, load_jurisdiction
from sewerworks.ordinance.registry import FactsError, determine
from sewerworks.ordinance.s118_38_recordkeeping import RecordkeepingFacts, recordkeeping

AS_OF = date(2026, 5, 1)
ENTRY: dict[str, Any] = {
    "pumped_on": "2026-01-05",
    "receipt": True,
    "receipt_service_date": "2026-01-05",
    "receipt_volume_gal": 850,
    "nysdec_approved_disposal": True,
}


def _decide(log: list[dict[str, Any]], as_of: date = AS_OF, **more: Any) -> Decision:
    facts = RecordkeepingFacts.model_validate({"log": log, **more})
    return recordkeeping(facts, load_jurisdiction().at(as_of), as_of)


def test_a_dated_log_with_full_receipts_and_approved_disposal_is_complete() -> None:
    d = _decide([ENTRY, {**ENTRY, "pumped_on": "2026-04-20", "receipt_service_date": "2026-04-20"}])
    assert d.outcome == "complete"
    assert d.failed == []


def test_a_log_whose_second_entry_has_no_receipt_is_incomplete_and_names_the_entry() -> None:
    d = _decide([ENTRY, {**ENTRY, "receipt": False}, ENTRY])
    assert d.outcome == "incomplete"
    assert d.finding("receipts").sentence == "Receipts are missing or incomplete: entry 2: no receipt."
    assert d.finding("pump-out-dates").severity == "complies"


def test_a_receipt_without_the_volume_or_service_date_is_not_enough() -> None:
    d = _decide(
        [{**ENTRY, "receipt_volume_gal": None}, {**ENTRY, "receipt_service_date": None, "receipt_volume_gal": None}]
    )
    assert d.finding("receipts").sentence == (
        "Receipts are missing or incomplete: entry 1: the receipt shows no volume; "
        "entry 2: the receipt shows no service date or volume."
    )


def test_an_undated_pump_out_is_a_gap_in_the_log() -> None:
    d = _decide([{**ENTRY, "pumped_on": None}])
    assert d.outcome == "incomplete"
    assert "entry 1: no pump-out date" in d.finding("pump-out-dates").sentence


def test_disposal_must_be_shown_at_a_nysdec_approved_facility() -> None:
    d = _decide([{**ENTRY, "nysdec_approved_disposal": False}, {**ENTRY, "nysdec_approved_disposal": None}])
    assert d.finding("disposal").sentence == (
        "Disposal at a NYSDEC-approved facility is not shown: entry 1: not a NYSDEC-approved facility; "
        "entry 2: no facility recorded."
    )


def test_a_log_not_made_available_to_the_superintendent_fails_even_if_empty() -> None:
    assert _decide([]).outcome == "empty"
    d = _decide([], made_available=False)
    assert d.outcome == "incomplete"
    assert d.finding("available").severity == "fails"


def test_the_recordkeeping_duty_begins_with_l_l_no_2_2000() -> None:
    with pytest.raises(NotInForce):
        _decide([ENTRY], as_of=date(2000, 7, 23))
    assert _decide([ENTRY], as_of=date(2000, 7, 24)).outcome == "complete"


def test_a_negative_volume_is_a_field_error_naming_the_entry() -> None:
    with pytest.raises(FactsError, match=r"log\.0\.receipt_volume_gal"):
        determine("grease-recordkeeping", {"log": [{**ENTRY, "receipt_volume_gal": -5}]}, as_of=AS_OF)
