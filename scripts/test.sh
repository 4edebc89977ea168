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
  tests/api  # schemathesis over the demo district, derandomized (a fixed seed), two minutes; make fuzz: random
  tests/operations
  sewerworks/billing
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
  tests/hardening/test_nul_everywhere.py::test_the_haulers_phone_with_a_nul_is_a_422_and_writes_nothing
  tests/hardening/test_nul_everywhere.py::test_a_nul_deep_in_a_body_is_named_by_its_path
  sewerworks/core/tests/test_job_queue.py
  sewerworks/core/tests/test_history_everywhere.py
  sewerworks/core/tests/test_request_writes.py
  sewerworks/core/tests/test_parameters_cached.py
  sewerworks/core/tests/test_compiled.py  # reads compiled once per process (issue 38): the same rows as the ORM's
  sewerworks/core/tests/test_resolutions.py
  sewerworks/core/tests/test_determinations_billing.py
  sewerworks/registry/tests/test_import_batches.py
  sewerworks/registry/tests/test_imports.py
  sewerworks/registry/tests/test_api.py
  sewerworks/registry/tests/test_page_costs.py
  sewerworks/registry/tests/test_parcel_pages.py
  sewerworks/enforcement/tests/test_sweep.py
  sewerworks/enforcement/tests/test_sweep_as_of.py
  sewerworks/enforcement/tests/test_duties.py
  sewerworks/enforcement/tests/test_connect_tasks.py
  sewerworks/registry/tests/test_search_forms.py
  sewerworks/registry/tests/test_search_substrings.py
  sewerworks/enforcement/tests/test_money_migration.py
  sewerworks/grease/tests/test_inspections.py
  sewerworks/grease/tests/test_pump_out_repeats.py
  sewerworks/grease/tests/test_pump_out_histories.py
  sewerworks/engineering/tests/test_projects.py
  sewerworks/engineering/tests/test_api.py
  sewerworks/engineering/tests/test_construction.py
  sewerworks/engineering/tests/test_inspection_bills.py
  sewerworks/engineering/tests/test_exfiltration_records.py
  sewerworks/engineering/tests/test_petition.py
  sewerworks/contracts/tests/test_screen.py
  sewerworks/contracts/tests/test_fund.py
  sewerworks/contracts/tests/test_screen_job.py
  sewerworks/contracts/tests/test_agreements.py
  sewerworks/permits/tests/test_pipeline.py
  sewerworks/permits/tests/test_property.py
  sewerworks/pretreatment/tests/test_results.py
  sewerworks/pretreatment/tests/test_records.py
  # a period evaluated at once: SQL of its own (temporary tables, windows), the run lock, the kill test
  sewerworks/pretreatment/tests/test_period_property.py
  sewerworks/pretreatment/tests/test_period_faults.py
  sewerworks/pretreatment/tests/test_period_cli.py
  sewerworks/pretreatment/tests/test_period_nondetect.py
  sewerworks/pretreatment/tests/test_period_handoff.py
  # violations and deadlines opened many at once: COPY and the history rows made by hand
  sewerworks/enforcement/tests/test_open_many.py
  # inspections: results and requests under the subject's row lock, the hand-off in the result's transaction
  sewerworks/permits/tests/test_inspection_results.py
  sewerworks/permits/tests/test_inspection_api.py
  sewerworks/permits/tests/test_inspections.py
  sewerworks/engineering/tests/test_inspection_subject.py
  tests/browser
)
# billing's screens, documents, role tables and topic examples: the ORM's, or no database's at all (SQLite leg)
PG_IGNORE=(
  --ignore=sewerworks/billing/tests/test_bill_pdf_screens.py
  --ignore=sewerworks/billing/tests/test_bill_paper.py
  --ignore=sewerworks/billing/tests/test_bill_pdfs.py
  --ignore=sewerworks/billing/tests/test_reads_import_views.py
  --ignore=sewerworks/billing/tests/test_views.py
  --ignore=sewerworks/billing/tests/test_void_screens.py
  --ignore=sewerworks/billing/tests/test_roles.py
  --ignore=sewerworks/billing/tests/test_late_penalty_topic.py
  --ignore=sewerworks/billing/tests/test_event_dates.py
  --ignore=sewerworks/billing/tests/test_counter.py
  --ignore=sewerworks/billing/tests/test_cash_screens.py
  --ignore=sewerworks/billing/tests/test_cash_demo.py
)
[[ "${PG_LEG:-}" == "all" ]] && PG_PATHS=(sewerworks tests/api tests/browser tests/operations) && PG_IGNORE=()

step "ruff"
ruff check sewerworks tests || status=1
step "mypy (strict for sewerworks/ordinance)"
mypy || status=1

step "pytest leg 1: SQLite (ordinance, layering, apps)"
pytest -p no:cacheprovider -n 2 -m "not browser and not fuzz" --ignore=tests/api --ignore=tests/browser tests sewerworks ${PYTEST_ARGS:-}
rc=$?; [[ $rc -eq 0 ]] || status=1

step "pytest leg 2: PostgreSQL 15 (SQL of our own, locks and threads, API fuzzing, browser)"
scripts/with-postgres.sh pytest -p no:cacheprovider -n 2 "${PG_PATHS[@]}" "${PG_IGNORE[@]}" ${PYTEST_ARGS:-}
rc=$?; [[ $rc -eq 0 ]] || status=1

echo
if [[ $status -eq 0 ]]; then echo "make test: both legs passed"; else echo "make test: FAILED (see above)"; fi
exit $status
