"""The automatic technical review of an application: its design, stored as facts of the ordinance's topics,
run through each topic on the filing date's law; and what stands between the permit and approval (I-90).

A building sewer permit's design must give ``building-sewer`` (§§118-19..21) and may give
``lateral-connection`` (§118-24), ``building-drain-lift`` (§118-22), ``separate-building-sewer`` (§118-17) and
``new-development`` (§118-36). A reuse of an old building sewer gives ``old-building-sewer`` (§118-18).
Facts that do not fit a topic are listed by field, never a crash: the review is then "incomplete".
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.parameters import NotInForce
from sewerworks.ordinance.registry import FactsError, determine
from sewerworks.permits.choices import PermitKind

TOPICS: dict[str, tuple[str, ...]] = {
    PermitKind.BUILDING_SEWER: (
        "building-sewer",
        "separate-building-sewer",
        "lateral-connection",
        "building-drain-lift",
        "new-development",
    ),
    PermitKind.OLD_SEWER_REUSE: ("old-building-sewer",),
}
RECORD_KEYS = frozenset({"examination"})  # kept with the design, not facts of a topic (§118-18's test)
REQUIRED: dict[str, tuple[str, ...]] = {
    PermitKind.BUILDING_SEWER: ("building-sewer",),
    PermitKind.OLD_SEWER_REUSE: ("old-building-sewer",),
}


@dataclass
class Review:
    """The decisions of every topic the design gives, the field errors of those it gives wrongly."""

    outcome: str = "incomplete"
    decisions: list[dict[str, Any]] = field(default_factory=list)
    errors: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "decisions": self.decisions, "errors": self.errors, "missing": self.missing}


def review_design(kind: str, design: Mapping[str, Any], as_of: dt.date) -> Review:
    """Apply each topic the design gives to its facts, with the parameters in force on ``as_of``."""
    topics = TOPICS.get(kind, ())
    review = Review()
    if not topics:
        review.outcome = "not-reviewed"
        return review
    unknown = sorted(set(design) - set(topics) - RECORD_KEYS)
    for name in unknown:
        review.errors[name] = [
            {"loc": [name], "msg": f"not a topic of this review ({', '.join(topics)})", "type": "topic"}
        ]
    params = current_parameters()
    for name in topics:
        facts = design.get(name)
        if facts is None:
            if name in REQUIRED.get(kind, ()):
                review.missing.append(name)
            continue
        if not isinstance(facts, Mapping):
            review.errors[name] = [{"loc": [name], "msg": "must be an object of facts", "type": "dict_type"}]
            continue
        try:
            decision = determine(name, facts, as_of=as_of, params=params)
        except FactsError as error:
            review.errors[name] = error.errors
            continue
        except NotInForce as error:  # filed before the law it needs took effect
            review.errors[name] = [{"loc": [name], "msg": str(error), "type": "not_in_force"}]
            continue
        review.decisions.append(decision.model_dump(mode="json"))
    review.outcome = _outcome(review)
    return review


def _outcome(review: Review) -> str:
    if review.errors or review.missing:
        return "incomplete"
    findings = [f for d in review.decisions for f in d["findings"]]
    if any(f["severity"] == "fails" for f in findings):
        return "fails"
    if any(f["severity"] == "discretion" for f in findings):
        return "needs-review"
    return "complies"


def findings(review: Mapping[str, Any], severity: str) -> list[tuple[str, dict[str, Any]]]:
    """(topic, finding) for every finding of ``severity`` in a stored review."""
    return [
        (d["topic"], f) for d in review.get("decisions", ()) for f in d.get("findings", ()) if f["severity"] == severity
    ]


def approval_blockers(review: Mapping[str, Any], decided: Iterable[tuple[str, str, Any, str]]) -> list[str]:
    """Why the permit cannot be approved yet: each failing finding, each discretion finding no official has
    accepted on the values it now compares, and an incomplete design. Empty: it may be approved (I-90).

    ``decided``: (topic, requirement, compared, verdict) of the recorded decisions, oldest first."""
    latest: dict[tuple[str, str, str], str] = {}
    for topic, requirement, compared, verdict in decided:
        latest[(topic, requirement, _key(compared))] = verdict
    reasons: list[str] = []
    if review.get("outcome") in (None, "incomplete"):
        missing = ", ".join([*review.get("missing", ()), *review.get("errors", {})]) or "the design"
        reasons.append(f"The design is incomplete: {missing}.")
    for _topic, f in findings(review, "fails"):
        reasons.append(f"§{f['section']}: {f['sentence']}")
    for topic, f in findings(review, "discretion"):
        found: str | None = latest.get((topic, f["requirement"], _key(f.get("compared", {}))))
        if found != "accepted":
            state = "refused" if found == "refused" else "not yet decided"
            reasons.append(f"§{f['section']} ({f['decided_by']}, {state}): {f['sentence']}")
    return reasons


def _key(compared: Any) -> str:
    import json

    return json.dumps(compared or {}, sort_keys=True)
