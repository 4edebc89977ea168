"""sewerworks coverage: how much of Chapter 118 a user can carry out, section by section, from the apps' claims.

``sewerworks coverage`` prints the headline and each section's grade; ``--json`` prints
``{"complete": N, "computable": M, "sections": [{"section": "118-53", "state": "partial", "requirements":
[...]}, ...]}``; ``--check`` also resolves every claim (URL names, commands, actions, topics, tests and what
each test exercises). The exit status is 1 when a computable section lists no requirement or a claim does not
resolve, with each problem on standard error.
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from sewerworks.core.ordinance_browser.coverage import as_json, coverage, problems, summarise
from sewerworks.core.ordinance_browser.requirements import all_requirements


class Command(BaseCommand):
    help = "Chapter 118 section by section, graded by what a user can carry out (--json for the record)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--json", action="store_true", help="Print the grades and requirements as JSON.")
        parser.add_argument("--check", action="store_true", help="Also resolve every claim against the code.")

    def handle(self, *args: Any, **opts: Any) -> None:
        entries = coverage()
        found = problems(entries)
        if opts["check"]:
            from sewerworks.core.ordinance_browser.verify import all_problems

            found += all_problems(all_requirements())
        if opts["json"]:
            self.stdout.write(json.dumps(as_json(entries), indent=2, ensure_ascii=False))
        else:
            summary = summarise(entries)
            self.stdout.write(
                f"{summary.complete} of {summary.computable} computable sections complete ({summary.percent}%)."
            )
            for entry in entries:
                self.stdout.write(f"§{entry.number:<9} {entry.grade.label:<15} {entry.summary}")
        for problem in found:
            self.stderr.write(problem)
        if found:
            sys.exit(1)
