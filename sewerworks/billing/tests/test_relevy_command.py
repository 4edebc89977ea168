"""The year end from the command line to the cent (§118-53): ``sewerworks relevy statement`` prints the draft (each
worked example's line and what is left out), files it; ``adopt`` relevies; ``notices``, ``export`` and ``settle``
write and read the files; ``sewerworks determine relevy`` answers the topic's worked example."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from sewerworks.billing.tests.relevy_scenario import paid_after_the_statement, year_end
from sewerworks.ordinance.s118_53_relevy import WORKED

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("relevy", *args, stdout=out)
    return out.getvalue()


def test_the_year_end_from_the_command_line(staff: Any, tmp_path: Path) -> None:
    scene = year_end(staff.clerk, staff.superintendent)
    me = ("--as-user", staff.clerk.username)
    printed = run(*me, "statement", "2026-09-20")
    a, c = scene.bills["A"].pk, scene.bills["C"].pk  # ids as the database gave them (PostgreSQL keeps counting)
    assert f"108.1-1-1      SMITH JOHN               bill {a:<6} charge $37.30 penalty $5.73 interest $0.00 = $43.03" \
        in printed  # fmt: skip
    assert f"108.3-1-1      BROWN PAT                bill {c:<6} charge $80.00 penalty $8.00 interest $0.00 = $88.00" \
        in printed  # fmt: skip
    assert "HUDSON ANNA" in printed and "ORCHARD LLC" not in printed
    assert "4 properties, 4 bills: charges $219.20, penalties $23.92, interest $0.00; total $243.12." in printed
    assert f"left out: bill {scene.bills['E'].pk} of account {scene.accounts['E'].pk}, $35.00: not past its " \
           "penalty date, 2026-10-01 (I-25)" in printed  # fmt: skip
    assert "Filed the statement of 2026-09-20 for the 2027 tax roll: 4 properties, 4 bills, $243.12." in run(
        *me, "statement", "2026-09-20", "--file")
    notices = tmp_path / "notices.pdf"
    assert "Ready to download: 4 notices, 4 pages" in run(*me, "notices", "2026-09-20", "--out", str(notices))
    assert notices.read_bytes().startswith(b"%PDF-")
    paid_after_the_statement(scene, staff.clerk)
    adopted = run(*me, "adopt", "2026-09-20", "--resolution", "Resolution 2026-88", "--on", "2026-11-10")
    assert adopted.strip() == "Adopted by Resolution 2026-88: $213.12 relevied to the 2027 tax roll (stated $243.12)."
    exported = tmp_path / "roll.txt"
    assert "4 parcels, $213.12." in run(*me, "export", "2026-09-20", "--out", str(exported))
    export_id = run(*me, "export", "2026-09-20").split()[1]
    settled = run(*me, "settle", export_id, str(exported), "--received-on", timezone.localdate().isoformat())
    assert settled.strip().endswith(": $213.12 credited; no difference.")
    removed = run(*me, "remove", "2026-09-20", "108.3-1-1", "--reason", "paid the Town", "--on", "2026-11-20")
    assert removed.strip() == "108.3-1-1 is off the 2027 roll: $88.00 is owed at the counter again."


def test_a_refusal_exits_with_its_rule(staff: Any) -> None:
    year_end(staff.clerk, staff.superintendent)
    with pytest.raises(CommandError, match="file the statement of unpaid sewer rents"):
        run("--as-user", staff.inspector.username, "statement", "2026-09-20", "--file")
    with pytest.raises(CommandError, match="no statement of that date is filed"):
        run("--as-user", staff.clerk.username, "adopt", "2026-09-20", "--resolution", "Resolution 2026-88",
            "--on", "2026-11-10")  # fmt: skip


def test_the_topic_through_sewerworks_determine(capsys: Any) -> None:
    import sys

    from sewerworks.cli import main

    facts = json.dumps({**WORKED, "cutoff": "2026-10-31"})
    stdin = sys.stdin
    sys.stdin = io.StringIO(facts)
    try:
        main(["determine", "relevy", "--facts", "-", "--as-of", "2026-11-02"])
    except SystemExit as exc:
        assert exc.code in (0, None)
    finally:
        sys.stdin = stdin
    decision = json.loads(capsys.readouterr().out)
    amounts = {a["key"]: a["value"] for a in decision["amounts"]}
    assert (decision["outcome"], amounts["total"], amounts["relevied"]) == ("on-statement", "43.03", "43.03")
