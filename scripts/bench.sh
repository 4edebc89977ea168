#!/usr/bin/env bash
# make bench: every benchmark, each printing its figures and one last line "NAME ÷ floor R (goal ≤ G):
# met|MISSED". Search, billing and the relevy run on SQLite and again on a throwaway PostgreSQL 15 (as make test starts it).
# met|MISSED". Search, billing and compliance run on SQLite and again on a throwaway PostgreSQL 15 (as make test
# starts it).
# Every benchmark runs even when one misses; the exit status is non-zero if any missed.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.venv/bin:$PATH"
ACCOUNTS="${BENCH_ACCOUNTS:-100000}"
status=0
run() { echo; echo "==== $*"; "$@" || status=1; }

run python -m benchmarks
run scripts/with-postgres.sh python -m benchmarks  # the search box on PostgreSQL (pg_trgm)
run python -m benchmarks import_contention
run python -m benchmarks billing --accounts "$ACCOUNTS"
run scripts/with-postgres.sh python -m benchmarks billing --accounts "$ACCOUNTS"
run python -m benchmarks relevy --accounts "$ACCOUNTS"
run scripts/with-postgres.sh python -m benchmarks relevy --accounts "$ACCOUNTS"
run python -m benchmarks rate_review --accounts "$ACCOUNTS"
run python -m benchmarks bill_pdfs
run python -m benchmarks contract_users --parcels "${BENCH_PARCELS_CONTRACTS:-100000}"
run python -m benchmarks determine
run python -m benchmarks public_load  # gunicorn on a throwaway PostgreSQL, as scripts/load.sh
run python -m benchmarks capital_charge --parcels "${BENCH_PARCELS_CAPITAL:-1000000}"
run scripts/with-postgres.sh python -m benchmarks capital_charge --parcels "${BENCH_PARCELS_CAPITAL:-1000000}"
run python -m benchmarks compliance --results "${BENCH_RESULTS:-1000000}"
run scripts/with-postgres.sh python -m benchmarks compliance --results "${BENCH_RESULTS:-1000000}"
run python -m benchmarks test_plan
run python -m benchmarks search_letter  # the demo district and a parcel with ten years of history: ~5 min to build
run scripts/with-postgres.sh python -m benchmarks search_letter

echo
if [[ $status -eq 0 ]]; then echo "make bench: every goal met"; else echo "make bench: a goal was MISSED (see above)"; fi
exit $status
