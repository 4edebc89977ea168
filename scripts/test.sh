#!/usr/bin/env bash
# make test: lint, type-check, then the suite on SQLite and again on a real PostgreSQL 15.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh --test || exit 1
export PATH="$PWD/.venv/bin:$PATH"
export DJANGO_SETTINGS_MODULE=sewerworks.settings
export SEWERWORKS_VAR="${SEWERWORKS_VAR:-$PWD/var/test}"
unset DATABASE_URL
status=0
step() { echo; echo "==== $*"; }

step "ruff"
ruff check sewerworks tests || status=1
step "mypy (strict for sewerworks/ordinance)"
mypy || status=1

step "pytest leg 1: SQLite (ordinance, layering, apps)"
pytest -p no:cacheprovider -n 2 -m "not browser and not fuzz" --ignore=tests/api --ignore=tests/browser tests sewerworks ${PYTEST_ARGS:-}
rc=$?; [[ $rc -eq 0 ]] || status=1

step "pytest leg 2: PostgreSQL 15 (apps, API fuzzing, browser)"
scripts/with-postgres.sh pytest -p no:cacheprovider -n 2 sewerworks tests/api tests/browser ${PYTEST_ARGS:-}
rc=$?; [[ $rc -eq 0 ]] || status=1

echo
if [[ $status -eq 0 ]]; then echo "make test: both legs passed"; else echo "make test: FAILED (see above)"; fi
exit $status
