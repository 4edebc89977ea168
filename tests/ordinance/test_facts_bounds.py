"""Every topic's facts share one set of bounds (``ordinance.facts``, issue 18): a date is written as a date
and lies in 1900-2999, as on the record endpoints; a list is refused before its entries are read when it
is longer than any topic needs. Each is a field error (422 from the API, exit 2 from the CLI)."""

from __future__ import annotations

import time
from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.facts import MAX_ITEMS
from sewerworks.ordinance.topics import FactsError, determine, topics

AS_OF = date(2026, 12, 1)
NOTICE = {"kind": "notice_of_violation", "correction_days": 30}
EXFILTRATION = {"pipe_diameter_in": 10, "section_length_ft": 80, "test_hours": 3, "filled_hours": 24,
                "head_ft_above_crown": 5}  # fmt: skip
BUILDING_SEWER = {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35",
                  "joints_gastight_watertight": True, "distance_to_water_service_ft": 12,
                  "distance_to_bearing_wall_ft": 5}  # fmt: skip


def refused(topic: str, facts: dict[str, Any]) -> dict[tuple[Any, ...], str]:
    with pytest.raises(FactsError) as raised:
        determine(topic, facts, as_of=AS_OF)
    return {tuple(e["loc"]): e["msg"] for e in raised.value.errors}


# --- Dates are written as dates --------------------------------------------------------------------------


@pytest.mark.parametrize("number", [0, 0.0, "0", 1_700_000_000, "20260302"])
def test_a_number_is_not_a_date_of_service(number: Any) -> None:
    errors = refused("notice-deadline", {**NOTICE, "served_on": number})
    assert "YYYY-MM-DD" in errors[("served_on",)]


def test_a_number_is_not_a_moment_of_service() -> None:
    errors = refused("notice-deadline", {"kind": "pump_out_order", "served_at": 0})
    assert "YYYY-MM-DD" in errors[("served_at",)]


def test_a_number_in_a_list_of_dates_is_refused_naming_its_place() -> None:
    facts = {"last_pump_out_on": "2026-03-01", "earlier_pump_outs": ["2026-01-02", 0]}
    errors = refused("grease-pump-out-prediction", facts)
    assert any(loc[0] == "earlier_pump_outs" for loc in errors)


def test_a_date_written_as_a_date_is_taken() -> None:
    decision = determine("notice-deadline", {**NOTICE, "served_on": "2026-03-02"}, as_of=AS_OF)
    assert decision.deadlines[0].due == date(2026, 4, 1)


# --- Dates lie in 1900-2999 ------------------------------------------------------------------------------


@pytest.mark.parametrize(("served_on", "taken"), [
    ("1899-12-31", False), ("1900-01-01", True), ("2999-12-31", True), ("3000-01-01", False),
    ("9999-12-31", False),
])  # fmt: skip
def test_a_date_of_service_lies_in_1900_to_2999(served_on: str, taken: bool) -> None:
    facts = {**NOTICE, "served_on": served_on, "correction_days": 3650}
    if taken:
        assert determine("notice-deadline", facts, as_of=AS_OF).deadlines
    else:
        assert ("served_on",) in refused("notice-deadline", facts)


@pytest.mark.parametrize(("served_at", "taken"), [
    ("1899-12-31T23:00:00-05:00", False), ("1900-01-01T09:00:00-05:00", True),
    ("2999-12-31T09:00:00-05:00", True), ("3000-01-01T09:00:00-05:00", False),
])  # fmt: skip
def test_a_moment_of_service_lies_in_1900_to_2999(served_at: str, taken: bool) -> None:
    facts = {"kind": "pump_out_order", "served_at": served_at}
    if taken:
        assert determine("notice-deadline", facts, as_of=AS_OF).deadlines
    else:
        assert ("served_at",) in refused("notice-deadline", facts)


def test_connection_deadlines_noticed_on_9999_12_31_is_a_field_error() -> None:
    assert ("notice_served_on",) in refused("connection-deadlines", {"notice_served_on": "9999-12-31"})


# --- Lists are bounded before they are read -------------------------------------------------------------


def test_a_million_manholes_are_refused_before_any_is_read() -> None:
    started = time.process_time()
    errors = refused("exfiltration-test", {**EXFILTRATION, "manholes": [48] * 1_000_000})
    assert time.process_time() - started < 1.0
    assert "at most 10,000 entries" in errors[("manholes",)]


def test_a_million_bends_are_refused_before_any_is_read() -> None:
    started = time.process_time()
    bends = [{"angle_degrees": 45, "has_cleanout": True}] * 1_000_000
    errors = refused("building-sewer", {**BUILDING_SEWER, "bends": bends})
    assert time.process_time() - started < 1.0
    assert ("bends",) in errors


def test_a_list_at_the_bound_is_read() -> None:
    assert ("manholes",) not in refused("exfiltration-test", {**EXFILTRATION, "manholes": [48] * MAX_ITEMS,
                                                              "test_hours": "nope"})  # fmt: skip


def test_every_list_in_every_facts_schema_says_its_bound() -> None:
    unbounded = []
    for t in topics():
        schema = t.facts_model.model_json_schema()
        for model in [schema, *schema.get("$defs", {}).values()]:
            for name, prop in model.get("properties", {}).items():
                for node in [prop, *prop.get("anyOf", [])]:
                    if node.get("type") == "array" and "maxItems" not in node:
                        unbounded.append(f"{t.name}.{name}")
    assert unbounded == []
