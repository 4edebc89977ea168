"""The sections of Chapter 118 the enforcement app's workflows implement (ordinance browser coverage).

- §118-4: private facilities within the improvement are unlawful except as provided: the roster lists
  every building in an improvement area not yet connected, and the program drives each to connection.
- §118-5: Notice to Connect, the 180-day and 90-day deadlines, the daily abandonment fine (I-21).
- §118-12: when a public sewer becomes available, connection and abandonment (the same clocks).
- §118-47: written notice of violation with a time limit, escalation, the maximum a court may impose
  (I-22), court fines recorded, expenses charged to the violator.
- §§118-6, 118-7: car washes keep their own system for wash water; elsewhere a private system where no
  public sewer is available: declared once the ``private-system`` determination topic is registered.
"""

from __future__ import annotations

from sewerworks.core.ordinance_browser.coverage import declare_implemented
from sewerworks.ordinance.topics import UnknownTopic, topic

DECLARED: dict[str, str] = {
    "118-4": "enforcement: mandatory-connection roster of each improvement area",
    "118-5": "enforcement: Notice to Connect, connect and abandon deadlines, daily abandonment fine",
    "118-12": "enforcement: connection and abandonment deadlines when a public sewer becomes available",
    "118-47": "enforcement: notice of violation, time limit, escalation, court fines and charges",
}
PRIVATE_SYSTEM: dict[str, str] = {
    "118-6": "enforcement: car-wash systems kept for vehicle-wash water only (no abandonment deadline)",
    "118-7": "enforcement: private systems permitted where no public sewer is available",
}


def private_system_topic_registered() -> bool:
    try:
        topic("private-system")
    except UnknownTopic:
        return False
    return True


def declare() -> list[str]:
    """Declare what enforcement implements now; the sections declared."""
    sections = dict(DECLARED)
    if private_system_topic_registered():
        sections.update(PRIVATE_SYSTEM)
    for number, by in sections.items():
        declare_implemented(number, by=by)
    return sorted(sections)


declare()
