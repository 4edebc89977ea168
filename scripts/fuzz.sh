#!/usr/bin/env bash
# make fuzz: schemathesis, random and long, against the demo district served by gunicorn (DEBUG off) on a
# throwaway PostgreSQL 15, as the clerk and as the Town Engineer, every phase (examples, coverage, fuzzing,
# stateful), with the server-error, status-code, content-type and response-schema checks. Not part of
# make test, whose seeded leg (tests/api/test_fuzz.py) is derandomized and kept within two minutes.
#   FUZZ_SECONDS   time budget per role (default 600)     FUZZ_SEED     a seed to replay a run (default random)
#   FUZZ_ROLES     users of the demo (default "clerk engineer")
# Reports (JUnit, and a pytest file reproducing each failure) under var/fuzz/<role>/; exit status 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${SEWERWORKS_FUZZ_INSIDE:-}" ]]; then
  scripts/bootstrap.sh --test || exit 1
  SEWERWORKS_FUZZ_INSIDE=1 exec scripts/with-postgres.sh "$0" "$@"
fi
export PATH="$PWD/.venv/bin:$PATH"
export DJANGO_SETTINGS_MODULE=sewerworks.settings DEBUG=false LOG_LEVEL=WARNING SEWERWORKS_REQUEST_LOG_LEVEL=WARNING
export SEWERWORKS_VAR="${SEWERWORKS_VAR:-$(mktemp -d /tmp/sewerworks-fuzz.XXXXXX)}"
export SECRET_KEY="$(python -c 'import secrets; print(secrets.token_urlsafe(64))')"
export ALLOWED_HOSTS=127.0.0.1
REPORTS="$PWD/var/fuzz"
SECONDS_PER_ROLE=${FUZZ_SECONDS:-600}
SEED_ARGS=()
[[ -n "${FUZZ_SEED:-}" ]] && SEED_ARGS=(--seed "$FUZZ_SEED")

echo "==== the demo district on PostgreSQL (var: $SEWERWORKS_VAR)"
sewerworks migrate --noinput -v 0 || exit 1
sewerworks collectstatic --noinput -v 0 || exit 1
sewerworks demo --parcels 150 >/dev/null || exit 1

PORT=$(python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
SEWERWORKS_BIND="127.0.0.1:$PORT" SEWERWORKS_WEB_WORKERS=2 gunicorn -c deploy/gunicorn.conf.py sewerworks.wsgi \
  >"$SEWERWORKS_VAR/gunicorn.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null' EXIT
for _ in $(seq 60); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 1; done

status=0
for user in ${FUZZ_ROLES:-clerk engineer}; do
  key=$(sewerworks api_token create "$user" "make fuzz" --by admin | tail -1)
  echo
  echo "==== schemathesis as $user: every phase, ${SECONDS_PER_ROLE} s"
  mkdir -p "$REPORTS/$user"
  st run "http://127.0.0.1:$PORT/api/openapi.json" \
    -H "Authorization: Bearer $key" \
    --phases examples,coverage,fuzzing,stateful \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --max-time "$SECONDS_PER_ROLE" --workers 2 --continue-on-failure "${SEED_ARGS[@]}" \
    --report junit,pytest --report-dir "$REPORTS/$user" --warnings off
  rc=$?
  [[ $rc -eq 0 ]] || status=1
  echo "---- $user: schemathesis exit status $rc (reports in $REPORTS/$user)"
done

echo
if grep -q "Internal Server Error" "$SEWERWORKS_VAR/gunicorn.log"; then
  echo "make fuzz: the server logged errors:"; grep -c "Internal Server Error" "$SEWERWORKS_VAR/gunicorn.log"; status=1
fi
if [[ $status -eq 0 ]]; then echo "make fuzz: 0 server errors, 0 schema mismatches"; else echo "make fuzz: FAILED (see above)"; fi
exit $status
