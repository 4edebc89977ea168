"""``sewerworks determine``: a Chapter 118 topic applied to facts, without Django when it need not start.

A determination is a pure computation of the ordinance layer (no database): in process it takes a fraction
of a millisecond, yet through ``manage.py`` it took 2.5 s, nearly all of it Django starting up and running
its system checks. :func:`main` answers from the packaged parameters alone, importing no Django, unless the
site has recorded Board resolutions that override them (``core_parameteroverride`` has a row, or the
database is not the embedded SQLite file, which we do not open here): then it returns ``None`` and the
caller runs the Django management command, which reads them. Both paths share :func:`run`, so they print
the same thing.

``--facts FILE.json`` (or ``-``): one set of facts, one Decision (indented JSON). ``--facts FILE.jsonl`` (or
``--lines`` with ``-``): one set of facts a line, one Decision a line (compact JSON), in order; a line whose
facts are refused gets ``{"line": N, "error": ..., "errors": [...]}`` in its place, and the exit status is 2.
Exit 2 on bad facts, with the errors as JSON on stderr for a single set.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, Protocol
from zoneinfo import ZoneInfo

from sewerworks.ordinance.parameters import NotInForce, ParameterError, ParameterSet, load_jurisdiction
from sewerworks.ordinance.topics import FactsError, UnknownTopic, determine, topics  # registers the topics

TOWN_TIME_ZONE = "America/New_York"  # settings.TIME_ZONE (a test keeps them equal)
BASE_DIR = Path(__file__).resolve().parent.parent


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="sewerworks determine",
        description="Apply a determination topic to facts. `--list` lists topics with their sections; `TOPIC "
        "--facts FILE.json` (or `-` for stdin) prints the Decision as JSON; `--facts FILE.jsonl` one Decision "
        "per line. Exit 2 on bad facts, with the field errors as JSON on stderr.",
    )
    p.add_argument("topic", nargs="?", help="Topic name, e.g. exfiltration-test.")
    p.add_argument("--list", action="store_true", help="List the topics and their sections.")
    p.add_argument("--facts", help="JSON file of facts (.jsonl: one set a line), or - for standard input.")
    p.add_argument("--lines", action="store_true", help="Read the facts as JSON lines (implied by .jsonl).")
    p.add_argument("--as-of", dest="as_of", help="Apply the law in force on this date (YYYY-MM-DD).")
    return p


class Writer(Protocol):
    def write(self, text: str, /) -> Any: ...


class Refused(Exception):
    """A refusal to print on stderr as JSON, exit status 2."""

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__(payload.get("error", "refused"))
        self.payload = payload


def _decide(name: str, facts: Any, as_of: dt.date, params: ParameterSet) -> Any:
    if not isinstance(facts, dict):
        raise Refused({"error": "facts must be a JSON object", "detail": type(facts).__name__})
    try:
        return determine(name, facts, as_of=as_of, params=params)
    except UnknownTopic:
        raise Refused(
            {"error": "unknown topic", "detail": f"No topic {name!r}; see `sewerworks determine --list`."}
        ) from None
    except FactsError as exc:
        raise Refused({"error": "invalid facts", "topic": name, "errors": exc.errors}) from None
    except ParameterError as exc:  # a recorded value set aside (also a NotInForce): say so
        raise Refused(
            {"error": "law not in force", "detail": f"{name!r} cannot be determined on {as_of}: {exc}"}
        ) from None
    except NotInForce as exc:
        raise Refused(
            {"error": "law not in force", "detail": f"The law applied by {name!r} was not in force on {as_of}: {exc}"}
        ) from None


def _lines(stream: IO[str]) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(stream, start=1):
        if line.strip():
            yield number, line


def run(
    argv: list[str], params: Callable[[], ParameterSet], today: Callable[[], dt.date], stdout: Writer, stderr: Writer
) -> int:
    """Parse ``argv``, answer on ``stdout``; refusals as JSON on ``stderr``. The exit status."""
    args = parser().parse_args(argv)
    try:
        if args.list:
            for t in topics():
                stdout.write(f"{t.name:<22} §§ {', '.join(t.sections):<24} {t.title}\n")
            return 0
        if not args.topic:
            raise Refused({"error": "no topic", "detail": "Name a topic (see `sewerworks determine --list`)."})
        if not args.facts:
            raise Refused({"error": "no facts", "detail": "Give --facts FILE.json (or --facts - for stdin)."})
        as_of = today()
        if args.as_of:
            try:
                as_of = dt.date.fromisoformat(args.as_of)
            except ValueError:
                raise Refused({"error": "bad --as-of", "detail": f"{args.as_of!r} is not a date YYYY-MM-DD."}) from None
        try:
            stream = sys.stdin if args.facts == "-" else open(args.facts, encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise Refused({"error": "cannot read facts", "detail": str(exc)}) from None
        with stream:
            if args.lines or args.facts.endswith(".jsonl"):
                return _batch(args.topic, stream, as_of, params(), stdout)
            try:
                facts = json.loads(stream.read())
            except json.JSONDecodeError as exc:
                raise Refused(
                    {"error": "facts are not JSON", "detail": f"{exc.msg} at line {exc.lineno}, column {exc.colno}"}
                ) from None
            stdout.write(_decide(args.topic, facts, as_of, params()).to_json() + "\n")
            return 0
    except Refused as refusal:
        stderr.write(json.dumps(refusal.payload, indent=2, default=str) + "\n")
        return 2


def _batch(name: str, stream: IO[str], as_of: dt.date, params: ParameterSet, stdout: Writer) -> int:
    """One Decision per line of facts, the parameters loaded once; a refused line says why in its place."""
    status = 0
    out: list[str] = []
    for number, line in _lines(stream):
        try:
            try:
                facts = json.loads(line)
            except json.JSONDecodeError as exc:
                raise Refused({"error": "facts are not JSON", "detail": f"{exc.msg} at column {exc.colno}"}) from None
            out.append(json.dumps(_decide(name, facts, as_of, params).to_dict(), ensure_ascii=False))
        except Refused as refusal:
            if refusal.payload.get("error") in ("unknown topic", "law not in force"):
                raise  # the same for every line: refuse the batch
            status = 2
            out.append(json.dumps({"line": number, **refusal.payload}, ensure_ascii=False, default=str))
        if len(out) >= 1000:
            stdout.write("\n".join(out) + "\n")
            out.clear()
    if out:
        stdout.write("\n".join(out) + "\n")
    return status


def needs_django() -> bool:
    """True when the parameters in force may include recorded Board resolutions, which only Django reads:
    a database other than the embedded SQLite file, or that file with a recorded override."""
    url = os.environ.get("DATABASE_URL", "")
    if url and not url.startswith("sqlite"):
        return True
    if url:
        path = Path(url.split("sqlite:///", 1)[-1])
    else:
        path = Path(os.environ.get("SEWERWORKS_VAR", BASE_DIR / "var")) / "sewerworks.sqlite3"
    if not path.exists():
        return False
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT 1 FROM core_parameteroverride LIMIT 1").fetchone() is not None
    except sqlite3.OperationalError as exc:
        return "no such table" not in str(exc)  # not migrated: the packaged law alone; locked etc.: ask Django


def load_only_the_united_states_holidays() -> None:
    """Importing ``holidays.countries`` runs its package file, which imports every country the library knows
    (half of this command's start-up); the ordinance asks for the United States (New York) alone. Register
    the package without running that file, so that asking for the United States loads that one module. For
    this short-lived process only; the web app and the worker load the library as it is."""
    if "holidays.countries" in sys.modules:
        return
    spec = importlib.util.find_spec("holidays.countries")
    if spec is None or not spec.submodule_search_locations:
        return
    sys.modules["holidays.countries"] = importlib.util.module_from_spec(spec)


def main(argv: list[str]) -> int | None:
    """Answer ``sewerworks determine ARGS`` without Django; None when Django must (recorded resolutions)."""
    if any(a in ("-h", "--help") for a in argv) or needs_django():
        return None
    load_only_the_united_states_holidays()
    jurisdiction = os.environ.get("SEWERWORKS_JURISDICTION", "marlborough-ny")
    return run(
        argv,
        params=lambda: load_jurisdiction(jurisdiction),
        today=lambda: dt.datetime.now(ZoneInfo(TOWN_TIME_ZONE)).date(),
        stdout=sys.stdout,
        stderr=sys.stderr,
    )
