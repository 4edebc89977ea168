#!/usr/bin/env bash
# make run: the product on the embedded SQLite database, with the demo district, on HOST:PORT.
set -euo pipefail
cd "$(dirname "$0")/.."
HOST=${1:-127.0.0.1}
PORT=${2:-8000}
export PATH="$PWD/.venv/bin:$PATH"
export DJANGO_SETTINGS_MODULE=sewerworks.settings
export DEBUG=${DEBUG:-true}  # the demo on a laptop; a server leaves DEBUG off (the default)
sewerworks migrate --noinput -v 0
sewerworks demo --if-empty
sewerworks worker >var/worker.log 2>&1 &
WORKER=$!
trap 'kill $WORKER 2>/dev/null || true' EXIT INT TERM
echo
echo "sewerworks is starting on http://$HOST:$PORT/  (sign in at http://$HOST:$PORT/login/)"
echo "Demo users (one per role; passwords are in var/demo-credentials.txt):"
sed 's/^/  /' var/demo-credentials.txt
echo "Background worker running (log: var/worker.log). Ctrl-C stops both."
echo
sewerworks runserver "$HOST:$PORT" --noreload
