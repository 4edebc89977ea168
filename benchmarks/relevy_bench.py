"""python -m benchmarks relevy [--accounts N] [--runs R] [--documents]

The year end at N accounts (§118-53): the Town Clerk's statement filed (``do_file_statement``), the Board's
adoption moving what is unpaid at the cut-off to the tax roll (``do_adopt_statement``) and the county's export
(``do_export_tax_roll``), through the same actions as the screens, against a floor measured in the same process
on the same tables: plain set-based SQL that selects and writes the same rows (the statement's lines, the relevy
transfers, the export's rows). The fixture is written by set-based SQL: N parcels, owners, ownerships and
accounts, two posted periods (2025-10-10, 2026-04-10), their charges, payments (most in full; some in part, some
none; some after the statement date) and the late penalties by the sweep's own ``INSERT … SELECT``; about one
account in eight owes something on the statement. Engine and floor alternate: one warm-up run of each, not
counted, then R runs each (medians). Goals: engine ÷ floor ≤ 2.0, peak RSS ≤ 1 GiB, no write transaction over
10 s, no amount of the engine's statement, relevy or export differing from the floor's. ``--documents``: the
statement's PDF and CSV typeset once more and timed (not in the ratio). SQLite in a temporary folder, or
``DATABASE_URL`` when set.
"""
# ruff: noqa: S608 - table names come from the models' _meta

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import statistics
import sys
import tempfile
import time
from typing import Any

from benchmarks.timing import peak_rss_mib, require_empty_database

STATEMENT, CUTOFF, ADOPTED = dt.date(2026, 9, 20), dt.date(2026, 10, 31), dt.date(2026, 11, 10)


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks relevy", description=__doc__.split("\n\n")[1])
    p.add_argument("--accounts", type=int, default=100_000, help="Accounts (default 100,000).")
    p.add_argument("--runs", type=int, default=3, help="Runs of engine and floor, alternating (default 3).")
    p.add_argument("--documents", action="store_true", help="Also time the statement's PDF and CSV once.")
    return p.parse_args(argv)


def _numbers(n: int) -> str:
    return f"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {n - 1})"


def _text(expr: str) -> str:
    return f"CAST({expr} AS TEXT)"


def build(n: int) -> tuple[Any, Any]:
    """The fixture, written by set-based SQL (see the module); returns the clerk and the resolution."""
    from django.contrib.auth.models import Group, User
    from django.core.management.color import no_style
    from django.db import connection, transaction

    from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
    from sewerworks.billing.penalties.sweep import apply_late_penalties
    from sewerworks.core.models import BoardResolution
    from sewerworks.registry.models import ImprovementArea, Owner, Ownership, Parcel, SewerAccount

    clerk = User.objects.create_user("bench-clerk")
    clerk.groups.add(Group.objects.get_or_create(name="clerk")[0])
    square = "POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))"
    areas = [ImprovementArea.objects.create(code=c, name=f"Hamlet of {c.title()}", boundary=square)
             for c in ("marlborough", "milton")]  # fmt: skip
    periods = [
        BillingPeriod.objects.create(area=None, start=dt.date(2025, 4, 1), end=dt.date(2025, 9, 30),
                                     reads_from=dt.date(2025, 9, 15), reads_until=dt.date(2025, 10, 15),
                                     bill_date=dt.date(2025, 10, 10), due_date=dt.date(2025, 10, 31), status="posted"),
        BillingPeriod.objects.create(area=None, start=dt.date(2025, 10, 1), end=dt.date(2026, 3, 31),
                                     reads_from=dt.date(2026, 3, 15), reads_until=dt.date(2026, 4, 15),
                                     bill_date=dt.date(2026, 4, 10), due_date=dt.date(2026, 5, 1), status="posted"),
    ]  # fmt: skip
    parcel, owner, own = Parcel._meta.db_table, Owner._meta.db_table, Ownership._meta.db_table
    acct, bill, ledger = SewerAccount._meta.db_table, Bill._meta.db_table, LedgerEntry._meta.db_table
    end = connection.ops.quote_name("end")
    tax_map = (f"{_text('300 + i / 100000')} || '.' || {_text('(i / 1000) % 100 + 1')} || '-' || "
               f"{_text('(i / 100) % 10 + 1')} || '-' || {_text('i % 100 + 1')}")  # fmt: skip
    with transaction.atomic(), connection.cursor() as c:
        c.execute(
            f"{_numbers(n)} INSERT INTO {parcel} (id, tax_map_number, tax_map_sort, street_number, street_name,"
            " address_search, street_search, improvement_area_id, land_use_class, polygon, discharge_point)"
            f" SELECT i + 1, {tax_map}, {tax_map}, {_text('i % 900 + 1')}, 'Main St', '', 'main st',"
            f" CASE WHEN i % 5 < 3 THEN {areas[0].pk} ELSE {areas[1].pk} END, '210', '', '' FROM n"
        )
        c.execute(
            f"{_numbers(n)} INSERT INTO {owner} (id, name, name_search, mailing_address, city, state, postal_code)"
            f" SELECT i + 1, 'OWNER ' || {_text('i')}, 'owner', 'Main St', 'Marlborough', 'NY', '12542' FROM n"
        )
        c.execute(f"{_numbers(n)} INSERT INTO {own} (parcel_id, owner_id, start, {end}) SELECT i + 1, i + 1,"
                  " '2001-05-01', NULL FROM n")  # fmt: skip
        c.execute(
            f"{_numbers(n)} INSERT INTO {acct} (id, account_number, parcel_id, user_class, metered, in_water_district,"
            f" contract_user, mailing_route) SELECT i + 1, 'B-' || {_text('i')}, i + 1, 'residential', TRUE, TRUE,"
            " FALSE, '' FROM n"
        )
        for k, period in enumerate(periods):
            c.execute(
                f"{_numbers(n)} INSERT INTO {bill} (id, account_id, parcel_id, period_id, status, basis, flags, total,"
                f" topic, facts, note, run, created_at) SELECT {k} * {n} + i + 1, i + 1, i + 1, {period.pk},"
                " 'posted', 'reads', '', 3000 + (i * 37) % 9000, 'user-charge', '{}', '', 'bench',"
                " '2026-01-01 00:00:00' FROM n"
            )
            c.execute(
                f"INSERT INTO {ledger} (parcel_id, account_id, kind, amount, posted_on, source_key, description,"
                f" section, period_id, bill_id, run, created_at) SELECT parcel_id, account_id, 'charge', total, %s,"
                f" 'bill:' || {_text('id')}, 'charge', '118-52', period_id, id, 'bench', '2026-01-01 00:00:00'"
                f" FROM {bill} WHERE period_id = %s",
                [period.bill_date.isoformat(), period.pk],
            )
        payments = [  # (period, condition on the account's i, amount, day, part); %% as the query has parameters
            (0, "(b.account_id - 1) %% 100 < 95", "b.total", "2025-10-20", "charge"),
            (1, "(b.account_id - 1) %% 100 < 88", "b.total", "2026-04-25", "charge"),
            (1, "(b.account_id - 1) %% 100 BETWEEN 88 AND 91", "b.total / 2", "2026-04-25", "charge"),
        ]
        for k, condition, amount, day, part in payments:
            c.execute(
                f"INSERT INTO {ledger} (parcel_id, account_id, kind, amount, posted_on, source_key, description,"
                f" section, period_id, bill_id, run, created_at) SELECT b.parcel_id, b.account_id, 'payment',"
                f" -({amount}), '{day}', 'payment:P{k}-' || {_text('b.id')} || ':bill:' || {_text('b.id')}"
                f" || ':{part}',"
                f" 'payment', '118-53', b.period_id, b.id, 'bench', '2026-01-01 00:00:00' FROM {bill} b"
                f" WHERE b.period_id = %s AND {condition}",
                [periods[k].pk],
            )
        if connection.vendor == "postgresql":
            for sql in connection.ops.sequence_reset_sql(no_style(), [Parcel, Owner, SewerAccount, Bill]):
                c.execute(sql)
            # statistics for the rows just written, as autovacuum gives a town's tables: without them PostgreSQL
            # plans the sweep's per-bill sums as scans of a ledger it thinks empty (10 minutes and counting at
            # 1,000,000 accounts)
            c.execute(f"ANALYZE {ledger}, {bill}")
        apply_late_penalties(STATEMENT, run="bench-sweep", now=dt.datetime(2026, 9, 20, tzinfo=dt.UTC))
        c.execute(  # after the statement, before the cut-off: $3.00 toward the penalty of two in a hundred
            f"INSERT INTO {ledger} (parcel_id, account_id, kind, amount, posted_on, source_key, description, section,"
            f" period_id, bill_id, run, created_at) SELECT b.parcel_id, b.account_id, 'payment', -300, '2026-10-05',"
            f" 'payment:L-' || {_text('b.id')} || ':bill:' || {_text('b.id')} || ':penalty', 'payment', '118-53',"
            f" b.period_id, b.id, 'bench', '2026-01-01 00:00:00' FROM {bill} b WHERE b.period_id = %s"
            " AND (b.account_id - 1) %% 100 IN (89, 95)",
            [periods[1].pk],
        )
    from django.utils import timezone

    from sewerworks.enforcement.models import SweepRun

    SweepRun.objects.create(as_of=dt.date(2026, 11, 30), finished_at=timezone.now())  # the town's daily sweep ran
    resolution = BoardResolution.objects.create(instrument="Resolution 2026-88", adopted_on=ADOPTED,
                                                effective_on=ADOPTED, title="Relevy")  # fmt: skip
    return clerk, resolution


class Longest:
    """The longest write transaction: each outermost ``transaction.atomic`` block timed from its start to its
    commit (the adoption writes its chunks each in its own)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def time(self, call: Any) -> Any:
        from django.db import connection
        from django.db.transaction import Atomic

        enter, leave, started = Atomic.__enter__, Atomic.__exit__, []

        def entered(atomic: Any) -> None:
            if not connection.in_atomic_block:
                started.append(time.perf_counter())
            enter(atomic)

        def left(atomic: Any, *exc: Any) -> None:
            leave(atomic, *exc)
            if not connection.in_atomic_block and started:
                self.seconds = max(self.seconds, time.perf_counter() - started.pop())

        Atomic.__enter__, Atomic.__exit__ = entered, left  # type: ignore[method-assign,assignment]
        try:
            return call()
        finally:
            Atomic.__enter__, Atomic.__exit__ = enter, leave  # type: ignore[method-assign]


def engine_run(clerk: Any, resolution: Any, longest: Longest) -> dict[str, float]:
    """The three actions, as the screens call them; seconds of each."""
    from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement
    from sewerworks.billing.actions.taxroll import do_export_tax_roll

    out, t = {}, time.perf_counter()
    statement = longest.time(lambda: do_file_statement(STATEMENT, acting_user=clerk, documents=False))
    out["statement"], t = time.perf_counter() - t, time.perf_counter()
    statement = longest.time(lambda: do_adopt_statement(statement, resolution=resolution, adopted_on=ADOPTED,
                                                        acting_user=clerk))  # fmt: skip
    out["relevy"], t = time.perf_counter() - t, time.perf_counter()
    do_export_tax_roll(statement, acting_user=clerk)
    out["export"] = time.perf_counter() - t
    return out


def floor_run(longest: Longest) -> dict[str, float]:
    """The same rows by plain set-based SQL: the lines (per bill, penalty and charge unpaid at the end of the
    statement date, owner of record), the transfers (each part's least of the line and what is unpaid at the end of
    the cut-off), the export's rows (per parcel, minus its transfers, with its owner, area and tax map number)."""
    from django.db import connection, transaction

    from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry, StatementLine, UnpaidStatement
    from sewerworks.billing.taxroll.sums import period_penalty_dates
    from sewerworks.core.parameters import current_parameters
    from sewerworks.registry.models import ImprovementArea, Owner, Ownership, Parcel

    line, ledger, bill = StatementLine._meta.db_table, LedgerEntry._meta.db_table, Bill._meta.db_table
    parcel, owner, own, area = (Parcel._meta.db_table, Owner._meta.db_table, Ownership._meta.db_table,
                                ImprovementArea._meta.db_table)  # fmt: skip
    end = connection.ops.quote_name("end")
    dates = period_penalty_dates()  # read once, as the engine reads them: the periods' penalty dates, levy codes
    levy = dict(current_parameters().at(STATEMENT)["relevy.levy_codes"])
    past = ", ".join(str(p) for p, d in dates.items() if d < STATEMENT) or "0"
    typed = "DATE " if connection.vendor == "postgresql" else ""  # SQLite keeps dates as text
    penalty_date = "CASE b.period_id " + " ".join(f"WHEN {p} THEN {typed}'{d}'" for p, d in dates.items()) + " END"
    out, t = {}, time.perf_counter()

    def sums(day: dt.date, where: str) -> str:
        return (
            "SELECT e.bill_id, SUM(CASE WHEN e.kind = 'penalty' OR (e.kind IN ('payment', 'reversal',"
            " 'relevy_transfer') AND e.source_key LIKE '%%:penalty') THEN e.amount ELSE 0 END) AS p,"
            " SUM(CASE WHEN e.kind = 'charge'"
            " OR (e.kind IN ('payment', 'reversal', 'relevy_transfer') AND e.source_key LIKE '%%:charge')"
            f" THEN e.amount ELSE 0 END) AS c FROM {ledger} e JOIN {bill} b ON b.id = e.bill_id WHERE {where}"
            f" AND e.posted_on <= '{day}' GROUP BY e.bill_id"
        )

    def statement() -> None:
        with transaction.atomic(), connection.cursor() as c:
            period = BillingPeriod.objects.order_by("pk").first()
            floor = UnpaidStatement.objects.create(statement_date=dt.date(2026, 9, 19), roll_year=1, status="filed",
                                                   counter_cutoff=CUTOFF, certification_cutoff=CUTOFF,
                                                   filed_on=STATEMENT, filed_at=dt.datetime(2026, 9, 20, tzinfo=dt.UTC),
                                                   filed_by_id=1)  # fmt: skip
            assert period is not None
            c.execute(
                f"INSERT INTO {line} (statement_id, source, parcel_id, account_id, bill_id, penalty_date, owner_id,"
                " owner_name, tax_map_number, address, area_id, charge, penalty, interest, total) SELECT %s,"
                f" 'bill:' || CAST(b.id AS TEXT), b.parcel_id, b.account_id, b.id, {penalty_date}, w.id, w.name,"
                " pa.tax_map_number, pa.street_number || ' ' || pa.street_name, pa.improvement_area_id,"
                " CASE WHEN s.c > 0 THEN s.c ELSE 0 END, CASE WHEN s.p > 0 THEN s.p ELSE 0 END, 0,"
                " (CASE WHEN s.c > 0 THEN s.c ELSE 0 END) + (CASE WHEN s.p > 0 THEN s.p ELSE 0 END)"
                f" FROM ({sums(STATEMENT, f'b.period_id IN ({past})')}) s JOIN {bill} b ON b.id = s.bill_id"
                f" JOIN {parcel} pa ON pa.id = b.parcel_id JOIN {own} o ON o.parcel_id = pa.id AND o.start <= %s"
                f" AND (o.{end} IS NULL OR o.{end} >= %s) JOIN {owner} w ON w.id = o.owner_id"
                " WHERE s.c + s.p > 0 AND b.status = 'posted'",
                [floor.pk, STATEMENT.isoformat(), STATEMENT.isoformat()],
            )
        out["statement"] = floor.pk

    def relevy(floor_id: int) -> None:
        with transaction.atomic(), connection.cursor() as c:
            if connection.vendor == "postgresql":  # the lines were just written: without statistics, a bad plan
                c.execute(f"ANALYZE {line}")
            mine = f"b.id IN (SELECT bill_id FROM {line} WHERE statement_id = {floor_id})"
            for part, col in (("penalty", "p"), ("charge", "c")):
                c.execute(
                    f"INSERT INTO {ledger} (parcel_id, account_id, kind, amount, posted_on, source_key, description,"
                    " section, period_id, bill_id, run, created_at) SELECT l.parcel_id, l.account_id,"
                    f" 'relevy_transfer', -(CASE WHEN s.{col} < l.{part} THEN s.{col} ELSE l.{part} END), %s,"
                    f" 'floor:' || CAST(l.bill_id AS TEXT) || ':{part}', 'floor', '118-53', NULL, l.bill_id, 'floor',"
                    f" '2026-11-10 00:00:00' FROM {line} l JOIN ({sums(CUTOFF, mine)}) s ON s.bill_id = l.bill_id"
                    " WHERE l.statement_id = %s"
                    f" AND (CASE WHEN s.{col} < l.{part} THEN s.{col} ELSE l.{part} END) > 0",
                    [ADOPTED.isoformat(), floor_id],
                )

    def export() -> list[tuple[Any, ...]]:
        with connection.cursor() as c:
            c.execute(
                "SELECT pa.tax_map_number, a.code, w.name, m.total FROM (SELECT t.parcel_id, -SUM(t.amount) AS total"
                f" FROM {ledger} t WHERE t.kind = 'relevy_transfer' AND t.source_key LIKE 'floor:%%'"
                f" GROUP BY t.parcel_id) m JOIN {parcel} pa ON pa.id = m.parcel_id JOIN {area} a"
                f" ON a.id = pa.improvement_area_id JOIN {own} o ON o.parcel_id = pa.id AND o.{end} IS NULL"
                f" JOIN {owner} w ON w.id = o.owner_id ORDER BY pa.tax_map_number"
            )
            rows = c.fetchall()
        path = os.path.join(os.environ["SEWERWORKS_VAR"], "floor-export.txt")
        with open(path, "w", encoding="utf-8") as f:
            for number, code, name, total in rows:
                f.write(f"513400{number:<25}{levy[code]:<8}{int(total):011d}{name[:40]:<40}2027\r\n")
        return rows

    longest.time(statement)
    out["statement"], t = time.perf_counter() - t, time.perf_counter()
    floor_id = UnpaidStatement.objects.filter(statement_date=dt.date(2026, 9, 19)).values_list("pk", flat=True)[0]
    longest.time(lambda: relevy(floor_id))
    out["relevy"], t = time.perf_counter() - t, time.perf_counter()
    export()
    out["export"] = time.perf_counter() - t
    return out


def snapshot(floor: bool) -> tuple[dict[int, int], dict[int, int], dict[str, int]]:
    """(statement total per bill, relevied per bill, exported per tax map number), in cents."""
    from django.db import connection

    from sewerworks.billing.models import LedgerEntry, StatementLine, TaxRollExport, UnpaidStatement

    line, ledger = StatementLine._meta.db_table, LedgerEntry._meta.db_table
    statement = UnpaidStatement.objects.filter(statement_date=dt.date(2026, 9, 19) if floor else STATEMENT).get()
    with connection.cursor() as c:
        c.execute(f"SELECT bill_id, total FROM {line} WHERE statement_id = %s", [statement.pk])
        stated = {b: int(t) for b, t in c.fetchall()}
        like = "floor:%%" if floor else f"relevy:{statement.pk}:%%"
        c.execute(f"SELECT bill_id, -SUM(amount) FROM {ledger} WHERE kind = 'relevy_transfer' AND source_key LIKE"
                  f" '{like}' GROUP BY bill_id")  # fmt: skip
        moved = {b: int(t) for b, t in c.fetchall()}
    if floor:
        path = os.path.join(os.environ["SEWERWORKS_VAR"], "floor-export.txt")
        text = open(path, encoding="utf-8").read()  # noqa: SIM115
        exported = {ln[6:31].strip(): int(ln[39:50]) for ln in text.splitlines()}
    else:
        export = TaxRollExport.objects.get(statement=statement)
        text = export.file.open("rb").read().decode()
        exported = {ln[26:51].strip(): int(ln[59:70]) for ln in text.splitlines()}
    return stated, moved, exported


def reset() -> None:
    """Bench only: the statements, their lines, exports and the relevy's entries gone, for the next run."""
    from django.db import connection, transaction

    from sewerworks.billing.models import LedgerEntry, StatementLine, TaxRollExport, UnpaidStatement

    with transaction.atomic(), connection.cursor() as c:
        c.execute(f"DELETE FROM {LedgerEntry._meta.db_table} WHERE kind IN ('relevy_transfer', 'interest',"
                  " 'relevy_charge')")  # fmt: skip
        TaxRollExport.objects.all().delete()
        c.execute(f"DELETE FROM {StatementLine._meta.db_table}")
        UnpaidStatement.objects.update(supersedes=None)
        UnpaidStatement.objects.all().delete()
    if connection.vendor == "postgresql":
        with connection.cursor() as c:
            c.execute(f"VACUUM ANALYZE {LedgerEntry._meta.db_table}, {StatementLine._meta.db_table}")


def main(argv: list[str]) -> int:
    args = parse(argv)
    var_dir = tempfile.mkdtemp(prefix="sewerworks-bench-relevy-")
    try:
        os.environ["SEWERWORKS_VAR"] = var_dir
        os.environ["DJANGO_SETTINGS_MODULE"] = "sewerworks.settings"
        import django

        django.setup()
        from django.conf import settings
        from django.core.management import call_command
        from django.db import connection

        settings.DEBUG = False
        call_command("migrate", verbosity=0)
        require_empty_database()
        start = time.perf_counter()
        clerk, resolution = build(args.accounts)
        with connection.cursor() as c:
            c.execute("ANALYZE")
        load = os.getloadavg()
        print(f"relevy bench: {args.accounts:,} accounts, 2 periods, on {connection.vendor}, built in"
              f" {time.perf_counter() - start:.1f} s; {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f}"
              f" {load[2]:.2f}")  # fmt: skip
        longest, engine, floor = Longest(), [], []
        for number in range(args.runs + 1):
            reset()
            e = engine_run(clerk, resolution, longest)
            mine = snapshot(floor=False)
            reset()
            f = floor_run(Longest())
            theirs = snapshot(floor=True)
            print(f"run {number}: engine {sum(e.values()):.2f} s ({', '.join(f'{k} {v:.2f}' for k, v in e.items())}),"
                  f" floor {sum(f.values()):.2f} s ({', '.join(f'{k} {v:.2f}' for k, v in f.items())})"
                  f"{' (warm-up, not counted)' if not number else ''}", flush=True)  # fmt: skip
            if number:
                engine.append(sum(e.values()))
                floor.append(sum(f.values()))
        wrong = sum(len(set(a.items()) ^ set(b.items())) for a, b in zip(mine, theirs, strict=True))
        lines, moved, rows = (len(x) for x in mine)
        print(f"the statement: {lines:,} bills; the relevy: {moved:,} bills moved; the export: {rows:,} parcels")
        if args.documents:
            from sewerworks.billing.models import UnpaidStatement
            from sewerworks.billing.taxroll import statement_docs

            reset()
            engine_run(clerk, resolution, Longest())
            t = time.perf_counter()
            statement_docs.attach(UnpaidStatement.objects.get())
            print(f"the statement's PDF and CSV: {time.perf_counter() - t:.1f} s (not in the ratio)")
        ratio = statistics.median(engine) / statistics.median(floor)
        rss = peak_rss_mib()
        print(f"engine: {statistics.median(engine):.2f} s median; floor: {statistics.median(floor):.2f} s")
        print(f"longest write transaction: {longest.seconds:.2f} s (goal ≤ 10 s)")
        print(f"peak RSS: {rss:,.0f} MiB (goal ≤ 1024)")
        print(f"mismatches against the floor's amounts: {wrong} (goal 0)")
        met = ratio <= 2.0 and wrong == 0 and rss <= 1024 and longest.seconds <= 10
        print(f"relevy ÷ floor {ratio:.2f} (goal ≤ 2.0; RSS {rss:,.0f} MiB; longest transaction"
              f" {longest.seconds:.1f} s; mismatches {wrong}): {'met' if met else 'MISSED'}")
        return 0 if met else 1
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
