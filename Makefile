# sewerworks: the two commands of the README, and the benchmarks.
.PHONY: run test fuzz bench load venv lint clean

HOST ?= 127.0.0.1
PORT ?= 8000

venv:
	scripts/bootstrap.sh

## make run: set up, migrate the SQLite database in var/, load the demo district, serve on 127.0.0.1:8000
run: venv
	scripts/run.sh $(HOST) $(PORT)

## make test: lint, types, the suite on SQLite and on a throwaway PostgreSQL 15
test:
	scripts/test.sh

## make fuzz: schemathesis random and long (every phase) against the demo on PostgreSQL, as the clerk and as the
## Town Engineer (FUZZ_SECONDS per role, default 600; FUZZ_SEED replays a run); not in make test
fuzz:
	FUZZ_SECONDS="$(FUZZ_SECONDS)" FUZZ_SEED="$(FUZZ_SEED)" FUZZ_ROLES="$(FUZZ_ROLES)" scripts/fuzz.sh

## make bench: speed and memory figures, each against a floor measured in the same process
bench: venv
	scripts/bench.sh

## make load: 20 staff users for 120 s on gunicorn and a durable PostgreSQL (demo + bulk accounts), with the
## /healthz floor in the same run; goals p95 <= 300 ms, p99 <= 1 s, >= 100 req/s, 0 errors (not in make test)
load: venv
	scripts/load.sh

lint: venv
	.venv/bin/ruff check sewerworks tests && .venv/bin/mypy

clean:
	rm -rf var/test .pytest_cache
