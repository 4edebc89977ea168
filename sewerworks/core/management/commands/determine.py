"""sewerworks determine: apply a Chapter 118 topic to facts and print the Decision as JSON.

The work is ``sewerworks.determine_cli.run``; this command gives it the parameters in force with the Board
resolutions recorded here. ``sewerworks determine`` reaches it only when there are such resolutions (or a
database other than the embedded SQLite file); otherwise it answers without Django. No system checks: a
determination reads no model but the recorded resolutions.
"""

from __future__ import annotations

import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from sewerworks.core.determinations.run import today
from sewerworks.core.parameters import current_parameters
from sewerworks.determine_cli import run


class Command(BaseCommand):
    help = (
        "Apply a determination topic to facts. `--list` lists topics with their sections; "
        "`TOPIC --facts FILE.json` (or `-` for stdin) prints the Decision as JSON; `--facts FILE.jsonl` one "
        "Decision per line. Exit 2 on bad facts, with the field errors as JSON on stderr."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("topic", nargs="?", help="Topic name, e.g. exfiltration-test.")
        parser.add_argument("--list", action="store_true", help="List the topics and their sections.")
        parser.add_argument("--facts", help="JSON file of facts (.jsonl: one set a line), or - for standard input.")
        parser.add_argument("--lines", action="store_true", help="Read the facts as JSON lines (implied by .jsonl).")
        parser.add_argument("--as-of", dest="as_of", help="Apply the law in force on this date (YYYY-MM-DD).")

    def handle(self, *args: Any, **opts: Any) -> None:
        argv = [opts["topic"]] if opts["topic"] else []
        argv += ["--list"] if opts["list"] else []
        argv += ["--lines"] if opts["lines"] else []
        argv += ["--facts", opts["facts"]] if opts["facts"] else []
        argv += ["--as-of", opts["as_of"]] if opts["as_of"] else []
        status = run(argv, params=current_parameters, today=today, stdout=self.stdout, stderr=sys.stderr)
        if status:
            sys.exit(status)
