#!/usr/bin/env bash
# make load (issue 19; not part of make test): 20 staff users for 120 s against gunicorn (deploy/gunicorn.conf.py,
# DEBUG=false) on a durable PostgreSQL 15 (fsync on, default settings) holding the demo district and the
# bulk accounts, with the floor (/healthz) measured in the same run. Figures go to docs/benchmarks.md by hand.
#   LOAD_USERS=20 LOAD_SECONDS=120 LOAD_FLOOR_SECONDS=20 LOAD_ACCOUNTS=20000 scripts/load.sh
# LOAD_KEEP=DIR keeps the built database in DIR and reuses it on the next run (for comparing changes: the
# build takes minutes); without it everything is made in a temporary folder and removed. LOAD_STATEMENTS=N
# prints the N statements that took the database server's most time during the run (pg_stat_statements).
# LOAD_MODULE and LOAD_SETUP name another generator and its set-up (python -m benchmarks public_load does).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
USERS=${LOAD_USERS:-20}; SECONDS_=${LOAD_SECONDS:-120}; FLOOR=${LOAD_FLOOR_SECONDS:-20}; ACCOUNTS=${LOAD_ACCOUNTS:-20000}
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
[[ -x "$PGBIN/initdb" ]] || PGBIN=$(dirname "$(command -v initdb)")
if [[ -n "${LOAD_KEEP:-}" ]]; then mkdir -p "$LOAD_KEEP"; WORK=$(cd "$LOAD_KEEP" && pwd); else WORK=$(mktemp -d /tmp/sewerworks-load.XXXXXX); fi
BUILT=""; [[ -f "$WORK/targets.json" && -d "$WORK/pg/data" ]] && BUILT=yes
PGPORT=$((20000 + RANDOM % 20000)); WEBPORT=$((40000 + RANDOM % 10000))
as_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [[ $(id -u) -eq 0 ]]; then chown postgres: "$WORK"; PGUSER=postgres; else PGUSER=$(id -un); fi
chmod 755 "$WORK"; mkdir -p "$WORK/pg" && chmod 700 "$WORK/pg"
[[ $(id -u) -eq 0 ]] && chown postgres: "$WORK/pg"
GUNICORN_PID=""
cleanup() {
  [[ -n "$GUNICORN_PID" ]] && kill "$GUNICORN_PID" 2>/dev/null && wait "$GUNICORN_PID" 2>/dev/null
  as_pg "$PGBIN/pg_ctl" -D "$WORK/pg/data" -m fast -w stop >/dev/null 2>&1 || true
  [[ -z "${LOAD_KEEP:-}" ]] && rm -rf "$WORK"
}
trap cleanup EXIT
[[ -z "$BUILT" ]] && rm -rf "$WORK/pg/data" "$WORK/var" && \
  as_pg "$PGBIN/initdb" -D "$WORK/pg/data" -A trust -U "$PGUSER" -E UTF8 --locale=C.UTF-8 >/dev/null
# Durable: fsync, synchronous_commit and full_page_writes stay on (the defaults). The rest is what docs/deploy.md
# sets on a Town's server (4 GB, SSD): no JIT (it compiles a plan for a dashboard's sums, tens of ms of CPU
# per query, on the cores the requests share), the page cache counted, random reads priced as on an SSD.
as_pg "$PGBIN/pg_ctl" -D "$WORK/pg/data" -w -l "$WORK/pg/server.log" \
  -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $WORK/pg -c max_connections=60 -c shared_buffers=256MB \
      -c jit=off -c effective_cache_size=1GB -c random_page_cost=1.1 -c work_mem=16MB \
      ${LOAD_STATEMENTS:+-c shared_preload_libraries=pg_stat_statements}" start >/dev/null
[[ -z "$BUILT" ]] && as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U "$PGUSER" sewerworks
export DATABASE_URL="postgres://$PGUSER@127.0.0.1:$PGPORT/sewerworks" DEBUG=false CONN_MAX_AGE=60
export SECRET_KEY=$(.venv/bin/python -c 'import secrets; print(secrets.token_urlsafe(64))')
export SEWERWORKS_VAR="$WORK/var" ALLOWED_HOSTS=127.0.0.1 SEWERWORKS_BIND="127.0.0.1:$WEBPORT" SEWERWORKS_REQUEST_LOG_LEVEL=WARNING
if [[ -z "$BUILT" ]]; then
  echo "load: building the demo district and $ACCOUNTS bulk accounts on a durable PostgreSQL (a few minutes)"
  .venv/bin/python manage.py migrate -v0
  .venv/bin/python manage.py demo --accounts "$ACCOUNTS" >/dev/null
  LOAD_TARGETS="$WORK/targets.json.part" .venv/bin/python manage.py shell -c "from ${LOAD_SETUP:-benchmarks.load_setup} import main; main()"
  mv "$WORK/targets.json.part" "$WORK/targets.json"
else
  echo "load: reusing the database built in $WORK"
  .venv/bin/python manage.py migrate -v0
  # the open inspections the last run's users left (a set-up without reopen() has nothing to bring up to date)
  LOAD_TARGETS="$WORK/targets.json" .venv/bin/python manage.py shell -c "import importlib
getattr(importlib.import_module('${LOAD_SETUP:-benchmarks.load_setup}'), 'reopen', lambda: None)()"
fi
.venv/bin/python manage.py collectstatic --noinput -v0
.venv/bin/python -m gunicorn -c deploy/gunicorn.conf.py sewerworks.wsgi 2> "$WORK/gunicorn.log" &
GUNICORN_PID=$!
psql_() { as_pg "$PGBIN/psql" -h 127.0.0.1 -p "$PGPORT" -U "$PGUSER" -d sewerworks -qAt "$@"; }
[[ -n "${LOAD_STATEMENTS:-}" ]] && psql_ -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" \
  -c "SELECT pg_stat_statements_reset()" >/dev/null
for _ in $(seq 60); do curl -fs "http://127.0.0.1:$WEBPORT/healthz" >/dev/null 2>&1 && break; sleep 1; done
echo "load: load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
set +e
.venv/bin/python -m "${LOAD_MODULE:-benchmarks.load}" --base "http://127.0.0.1:$WEBPORT" --targets "$WORK/targets.json" \
  --users "$USERS" --seconds "$SECONDS_" --floor-seconds "$FLOOR" \
  --watch "server=$GUNICORN_PID" --watch "database=$(head -1 "$WORK/pg/data/postmaster.pid")"
rc=$?
if [[ -n "${LOAD_STATEMENTS:-}" ]]; then
  echo "load: the database's $LOAD_STATEMENTS costliest statements (total ms, calls, mean ms, statement)"
  psql_ -F ' | ' -c "SELECT round(total_exec_time + total_plan_time), calls,
      round(((total_exec_time + total_plan_time) / calls)::numeric, 3), left(regexp_replace(query, '\s+', ' ', 'g'), 160)
    FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT $LOAD_STATEMENTS"
fi
echo "load: load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $rc
