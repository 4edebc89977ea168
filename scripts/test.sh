#!/usr/bin/env bash
# make test: lint, type-check, then the whole suite on SQLite, then on a real PostgreSQL 15 the tests whose
# code speaks SQL of its own or depends on the server's behaviour (listed below), the API fuzzing and the
# browser tests. Everything else goes through the ORM alone and answers the same on both databases; the
# list keeps the full run under 15 minutes on 2 cores. PG_LEG=all runs every app test on PostgreSQL too.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh --test || exit 1
export PATH="$PWD/.venv/bin:$PATH"
export DJANGO_SETTINGS_MODULE=sewerworks.settings
export SEWERWORKS_VAR="${SEWERWORKS_VAR:-$PWD/var/test}"
unset DATABASE_URL
status=0
step() { echo; echo "==== $*"; }

# Raw SQL (the bill run, posting, penalties, payments' row locks, bulk writes, staged imports, the sweep's
# set-based steps, search), locks and threads, SIGKILLed runs, migrations over data, background jobs.
PG_PATHS=(
  # the longest tests first (the API fuzzing, the operations' servers and clusters), so that the two workers
  # end together rather than one running them alone at the end
  tests/api
  tests/operations
  # billing: everything but its screens, documents and role tables (the ORM's, or no database's at all)
  sewerworks/billing/tests/test_api.py
  sewerworks/billing/tests/test_api_payments.py
  sewerworks/billing/tests/test_bulk_demo.py
  sewerworks/billing/tests/test_demo.py
  sewerworks/billing/tests/test_engine.py
  sewerworks/billing/tests/test_import_reads_command.py
  sewerworks/billing/tests/test_kept_facts.py
  sewerworks/billing/tests/test_killed_bill_pdfs.py
  sewerworks/billing/tests/test_killed_run.py
  sewerworks/billing/tests/test_live_bill.py
  sewerworks/billing/tests/test_meter_change.py
  sewerworks/billing/tests/test_mid_period_read.py
  sewerworks/billing/tests/test_page_costs.py
  sewerworks/billing/tests/test_payment_interleavings.py
  sewerworks/billing/tests/test_payment_threads.py
  sewerworks/billing/tests/test_payments.py
  sewerworks/billing/tests/test_penalties.py
  sewerworks/billing/tests/test_penalty_agreement.py
  sewerworks/billing/tests/test_penalty_races.py
  sewerworks/billing/tests/test_penalty_withdrawal.py
  sewerworks/billing/tests/test_pending_posting.py
  sewerworks/billing/tests/test_plain.py
  sewerworks/billing/tests/test_posting.py
  sewerworks/billing/tests/test_reads_import.py
  sewerworks/billing/tests/test_reads_import_roundtrip.py
  sewerworks/billing/tests/test_reference.py
  sewerworks/billing/tests/test_void.py
  sewerworks/billing/tests/test_void_balances.py
  # core: the tests of writes, locks, jobs, sessions, the generation, money and outages (its screens,
  # determinations, charts, documents and checks of the code are the ORM's or no database's at all)
  sewerworks/core/tests/test_money.py
  sewerworks/core/tests/test_pending_charges.py
  sewerworks/core/tests/test_attachments.py
  sewerworks/core/tests/test_healthz.py
  sewerworks/core/tests/test_token_actions.py
  sewerworks/core/tests/test_settings_and_login.py
  sewerworks/core/tests/test_dashboard_kept.py
  sewerworks/core/tests/test_interrupted_jobs.py
  sewerworks/core/tests/test_events.py
  sewerworks/core/tests/test_outage.py
  sewerworks/core/tests/test_jobs.py
  sewerworks/core/tests/test_history_everywhere.py
  sewerworks/core/tests/test_request_writes.py
  sewerworks/core/tests/test_parameters_cached.py
  sewerworks/core/tests/test_resolutions.py
  sewerworks/core/tests/test_determinations_billing.py
  sewerworks/registry/tests/test_import_batches.py
  sewerworks/registry/tests/test_imports.py
  sewerworks/registry/tests/test_api.py
  sewerworks/registry/tests/test_page_costs.py
  sewerworks/enforcement/tests/test_sweep.py
  sewerworks/enforcement/tests/test_sweep_as_of.py
  sewerworks/enforcement/tests/test_duties.py
  sewerworks/enforcement/tests/test_connect_tasks.py
  sewerworks/registry/tests/test_search_forms.py
  sewerworks/registry/tests/test_search_substrings.py
  sewerworks/enforcement/tests/test_money_migration.py
  sewerworks/grease/tests/test_inspections.py
  sewerworks/engineering/tests/test_projects.py
  sewerworks/engineering/tests/test_api.py
  sewerworks/contracts/tests/test_screen.py
  sewerworks/contracts/tests/test_screen_job.py
  sewerworks/contracts/tests/test_agreements.py
  sewerworks/permits/tests/test_pipeline.py
  sewerworks/permits/tests/test_property.py
  sewerworks/pretreatment/tests/test_results.py
  sewerworks/pretreatment/tests/test_records.py
  tests/browser
)
[[ "${PG_LEG:-}" == "all" ]] && PG_PATHS=(sewerworks tests/api tests/browser tests/operations)

step "ruff"
ruff check sewerworks tests || status=1
step "mypy (strict for sewerworks/ordinance)"
mypy || status=1

step "pytest leg 1: SQLite (ordinance, layering, apps)"
pytest -p no:cacheprovider -n 2 -m "not browser and not fuzz" --ignore=tests/api --ignore=tests/browser tests sewerworks ${PYTEST_ARGS:-}
rc=$?; [[ $rc -eq 0 ]] || status=1

step "pytest leg 2: PostgreSQL 15 (SQL of our own, locks and threads, API fuzzing, browser)"
scripts/with-postgres.sh pytest -p no:cacheprovider -n 2 "${PG_PATHS[@]}" ${PYTEST_ARGS:-}
rc=$?; [[ $rc -eq 0 ]] || status=1

echo
if [[ $status -eq 0 ]]; then echo "make test: both legs passed"; else echo "make test: FAILED (see above)"; fi
exit $status
