#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL 15 cluster on loopback, then stop and remove it.
#   scripts/with-postgres.sh CMD ARGS...   (DATABASE_URL is set for CMD)
# initdb refuses root: as root the cluster belongs to the `postgres` user, in a temporary folder it owns.
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
[[ -x "$PGBIN/initdb" ]] || PGBIN=$(dirname "$(command -v initdb)")
PORT=${PGPORT_TEST:-$((20000 + RANDOM % 20000))}
DIR=$(mktemp -d /tmp/sewerworks-pg.XXXXXX)
as_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [[ $(id -u) -eq 0 ]]; then chown postgres: "$DIR"; PGUSER=postgres; else PGUSER=$(id -un); fi
chmod 700 "$DIR"
cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
as_pg "$PGBIN/initdb" -D "$DIR/data" -A trust -U "$PGUSER" -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -w -l "$DIR/server.log" \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60" start >/dev/null
echo "with-postgres: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U "$PGUSER" sewerworks
export DATABASE_URL="postgres://$PGUSER@127.0.0.1:$PORT/sewerworks"
set +e
"$@"
rc=$?
set -e
exit $rc
