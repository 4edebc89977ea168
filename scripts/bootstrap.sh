#!/usr/bin/env bash
# Install what sewerworks needs on a fresh Debian machine (as root), then the locked Python packages.
#   scripts/bootstrap.sh          -> runtime (WeasyPrint's libraries, fonts, the venv)
#   scripts/bootstrap.sh --test   -> also Chromium (browser tests) and PostgreSQL 15 (second test leg)
set -euo pipefail
cd "$(dirname "$0")/.."

want=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core)
if [[ "${1:-}" == "--test" ]]; then
  want+=(chromium postgresql-15 poppler-utils)
fi
missing=()
for pkg in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "bootstrap: need these Debian packages (run as root or install them): ${missing[*]}" >&2
    exit 1
  fi
  echo "bootstrap: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
if [[ ! -x .venv/bin/python ]]; then
  "$PY" -m venv .venv
fi
stamp=".venv/.installed-$(cat requirements.lock pyproject.toml | sha256sum | cut -c1-16)"
if [[ ! -f "$stamp" ]]; then
  echo "bootstrap: installing locked Python packages into .venv"
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip 2> >(grep -v "^WARNING: Location" >&2)
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.lock 2> >(grep -v "^WARNING: Location" >&2)
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps -e . 2> >(grep -v "^WARNING: Location" >&2)
  .venv/bin/python -c "import django, pydantic, weasyprint, shapely, pyproj, playwright" # fail loudly if the install did not take
  rm -f .venv/.installed-*
  touch "$stamp"
fi
