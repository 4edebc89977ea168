"""Readings I-170 to I-172: what the ordinance browser counts, and the permit's link to its industrial user."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-170",
        title="§118-16 and §118-46 ask nothing of the product: not computable",
        decision="§118-16 puts the costs of a building sewer on the owner and has him indemnify the Town: there is no "
        "amount, test or record for sewerworks to keep, and every building sewer permit prints the clause. §118-46 "
        "has the Town Board appoint the Superintendent: the appointment is a role in sewerworks. Neither is counted "
        "among the sections a user must be able to carry out.",
        sections=("118-16", "118-46"),
    ),
    Interpretation(
        "I-171",
        title="A section is complete only when each of its requirements has a workflow a user runs and a test of it",
        decision="Each computable section is a list of requirements, the clauses the product must carry out. A "
        "requirement is complete when a user carries it out on a screen or with a command and a named test "
        "exercises that workflow; rule only when a determination applies it but nothing records it; missing "
        "otherwise, with what the department does by hand meanwhile. A section is complete when all its "
        "requirements are; the headline counts complete sections only. A determination screen alone is never a "
        "workflow: it computes, it keeps no record.",
    ),
    Interpretation(
        "I-172",
        title="A Class 2 permit's industrial user is the pretreatment program's user; old free text matched exactly",
        decision="A Class 2 building sewer permit (I-01) names its industrial user as the pretreatment program's "
        "record of it, on the permit's building. A name or number typed before the link existed is matched to a "
        "user only when it equals the user's name or number once trimmed and case-folded, never by likeness; text "
        "that matches no user, or more than one, is kept as written and shown to the clerk.",
        sections=("118-15",),
    ),
)
