"""sewerworks determine: apply a Chapter 118 topic to facts and print the Decision as JSON."""

from __future__ import annotations

import datetime as dt
import json
import sys
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.determinations import LawNotInForce, run_determination
from sewerworks.ordinance.topics import FactsError, UnknownTopic, topics


class Command(BaseCommand):
    help = (
        "Apply a determination topic to facts. `--list` lists topics with their sections; "
        "`TOPIC --facts FILE.json` (or `-` for stdin) prints the Decision as JSON. Exit 2 on bad facts, "
        "with the field errors as JSON on stderr."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("topic", nargs="?", help="Topic name, e.g. exfiltration-test.")
        parser.add_argument("--list", action="store_true", help="List the topics and their sections.")
        parser.add_argument("--facts", help="JSON file of facts, or - for standard input.")
        parser.add_argument("--as-of", dest="as_of", help="Apply the law in force on this date (YYYY-MM-DD).")

    def _fail(self, payload: dict[str, Any]) -> None:
        sys.stderr.write(json.dumps(payload, indent=2, default=str) + "\n")
        sys.exit(2)

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["list"]:
            for t in topics():
                self.stdout.write(f"{t.name:<22} §§ {', '.join(t.sections):<24} {t.title}")
            return
        name = opts["topic"]
        if not name:
            raise CommandError("Name a topic (see `sewerworks determine --list`).")
        if not opts["facts"]:
            raise CommandError("Give the facts with --facts FILE.json (or --facts - for standard input).")
        as_of = None
        if opts["as_of"]:
            try:
                as_of = dt.date.fromisoformat(opts["as_of"])
            except ValueError:
                self._fail({"error": "bad --as-of", "detail": f"{opts['as_of']!r} is not a date YYYY-MM-DD."})
        try:
            raw = sys.stdin.read() if opts["facts"] == "-" else Path(opts["facts"]).read_text(encoding="utf-8")
        except OSError as exc:
            self._fail({"error": "cannot read facts", "detail": str(exc)})
        try:
            facts = json.loads(raw)
        except json.JSONDecodeError as exc:
            self._fail({"error": "facts are not JSON", "detail": f"{exc.msg} at line {exc.lineno}, column {exc.colno}"})
        if not isinstance(facts, dict):
            self._fail({"error": "facts must be a JSON object", "detail": type(facts).__name__})
        try:
            decision = run_determination(name, facts, as_of=as_of)
        except UnknownTopic:
            self._fail({"error": "unknown topic", "detail": f"No topic {name!r}; see `sewerworks determine --list`."})
        except FactsError as exc:
            self._fail({"error": "invalid facts", "topic": name, "errors": exc.errors})
        except LawNotInForce as exc:
            self._fail({"error": "law not in force", "detail": str(exc)})
        self.stdout.write(decision.to_json())
