"""The facts of a §118-37 violation opened by the evaluation of lab results, in the words a notice of violation
prints: who discharged, at which sampling point, on which days, which samples the laboratory analysed and what
they showed against which limit. No staff name or run id (the audit record keeps who entered the results and
when); one sentence a line, each with its own full stop."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sewerworks.core.documents.wording import spoken_date
from sewerworks.pretreatment.evaluation import Judged
from sewerworks.pretreatment.models import IndustrialUser, Result

MOST_LINES = 20
POINT_WORDS = {"control_manhole": "the control manhole", "public_manhole": "the nearest downstream public manhole"}


def _samples(results: Sequence[Result]) -> str:
    """ "sample Z20 (a 24-hour composite ended November 20, 2026) analysed by HVL (EPA 200.7)"; several
    samples of one laboratory are named together."""
    samples = sorted({r.sample for r in results}, key=lambda s: (s.day, s.lab_sample_id))
    if not samples:
        return ""
    labs = sorted({s.lab for s in samples})
    methods = sorted({r.method for r in results if r.method})
    named = ", ".join(f"{s.lab_sample_id} ({s.get_kind_display().lower()}, {spoken_date(s.day)})" for s in samples)
    noun = "sample" if len(samples) == 1 else "samples"
    method = f" ({', '.join(methods)})" if methods else ""
    return f"Laboratory {noun} {named}, analysed by {' and '.join(labs)}{method}."


def results_of(found: Iterable[Sequence[Judged]]) -> dict[int, Result]:
    """The results the listed findings of each violation rest on, with their samples, in one query for them all
    (a period's evaluation judges rows of results, not their model instances)."""
    pks = {r.pk for each in found for j in list(each)[:MOST_LINES] for r in j.results}
    return {r.pk: r for r in Result.objects.filter(pk__in=pks).select_related("sample")}


def violation_facts(user: IndustrialUser, found: Sequence[Judged], results: dict[int, Result] | None = None) -> str:
    """The violation's description: a heading sentence, then one line a finding (its day, the finding's own
    sentence, the samples it rests on). ``results``: those of :func:`results_of`, read once for many users."""
    points = sorted({j.point.pk: j.point for j in found}.values(), key=lambda p: p.code)
    where = "; ".join(f"sampling point {p.code} ({POINT_WORDS.get(p.kind, p.kind)}, {p.location})" for p in points)
    parcel = user.building.parcel
    address = f" at {parcel.address}" if parcel.address else ""
    lines = [f"Discharge above the limits of §118-37 by {user}{address}, measured at {where}:"]
    listed = list(found)[:MOST_LINES]
    results = results if results is not None else results_of([listed])
    for judged in listed:
        sentence = judged.decision.failed[0].sentence.strip().rstrip(".")
        lines.append(f"{spoken_date(judged.day)}: {sentence}. {_samples([results[r.pk] for r in judged.results])}"
                     .strip())  # fmt: skip
    if len(found) > MOST_LINES:
        lines.append(f"And {len(found) - MOST_LINES} more findings, listed on the industrial user's record.")
    return "\n".join(lines)
