"""The determinations sewerworks offers, topic by topic (JSON in, Decision out).

Importing this module registers the built-in topics. A later module adds its own with
``register(Topic(...))``; ``determine(name, facts, as_of=...)`` validates the facts and applies the rule
with the parameters in force that day.
"""

from __future__ import annotations

from typing import Any

from sewerworks.ordinance.registry import (
    Example,
    FactsError,
    Topic,
    UnknownTopic,
    determine,
    register,
    topic,
    topics,
)

__all__ = [
    "Example",
    "FactsError",
    "Topic",
    "UnknownTopic",
    "determine",
    "load_builtin_topics",
    "register",
    "topic",
    "topics",
]


def load_builtin_topics() -> None:
    """Register the topics that ship with sewerworks (safe to call more than once)."""
    from sewerworks.ordinance import (
        s118_5_abandonment_fine,
        s118_5_connection,
        s118_6_7_private_systems,
        s118_17_separate_building_sewer,
        s118_18_old_building_sewer,
        s118_19_21_building_sewer,
        s118_19_28_inspection_checklist,
        s118_22_building_drain_lift,
        s118_24_lateral_connection,
        s118_25_26_inspection_order,
        s118_29_1_contract_users,
        s118_29_recommended_standards,
        s118_32_trench,
        s118_33_manholes,
        s118_34_exfiltration,
        s118_34_test_plan,
        s118_36_new_development,
        s118_37_discharge,
        s118_38_inspection,
        s118_38_interceptor,
        s118_38_prediction,
        s118_38_preexisting,
        s118_38_recordkeeping,
        s118_39_review,
        s118_47_notice_deadline,
        s118_47_penalties,
        s118_50_rate_review,
        s118_52_capital_charge,
        s118_52_defective_meter,
        s118_52_meter,
        s118_52_user_charge,
        s118_53_late_penalty,
        s118_53_relevy,
        s118_54_connection_charge,
    )

    builtins: tuple[Topic[Any], ...] = (
        s118_34_exfiltration.TOPIC,
        s118_32_trench.TOPIC,
        s118_19_21_building_sewer.TOPIC,
        s118_47_notice_deadline.TOPIC,
        s118_5_connection.TOPIC,
        s118_5_abandonment_fine.TOPIC,
        s118_47_penalties.TOPIC,
        s118_6_7_private_systems.TOPIC,
        s118_52_user_charge.TOPIC,
        s118_52_defective_meter.TOPIC,
        s118_53_late_penalty.TOPIC,
        s118_38_preexisting.TOPIC,
        s118_52_meter.TOPIC,
        s118_38_interceptor.TOPIC,
        s118_38_inspection.TOPIC,
        s118_38_prediction.TOPIC,
        s118_38_recordkeeping.TOPIC,
        s118_29_1_contract_users.TOPIC,
        s118_33_manholes.TOPIC,
        s118_29_recommended_standards.TOPIC,
        s118_17_separate_building_sewer.TOPIC,
        s118_22_building_drain_lift.TOPIC,
        s118_24_lateral_connection.TOPIC,
        s118_18_old_building_sewer.TOPIC,
        s118_36_new_development.TOPIC,
        s118_37_discharge.TOPIC,
        s118_39_review.TOPIC,
        s118_53_relevy.TOPIC,
        s118_25_26_inspection_order.TOPIC,
        s118_19_28_inspection_checklist.TOPIC,
        s118_52_capital_charge.TOPIC,
        s118_54_connection_charge.TOPIC,
        s118_50_rate_review.TOPIC,
        s118_34_test_plan.TOPIC,
    )
    for builtin in builtins:
        register(builtin)


load_builtin_topics()
