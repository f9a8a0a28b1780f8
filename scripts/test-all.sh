#!/usr/bin/env bash
# npm test: every check and test suite, in order, on a fresh Debian machine or in CI.
#
#   1. install what the tests need when absent: chromium, chromium-headless-shell and postgresql
#      from Debian, Node 24 from npm
#   2. two lanes side by side: the typecheck, then the vitest run of core, the console's logic,
#      the simulator and the benchmarks' fast parts; beside it the console build, lint, the import
#      boundaries and the OpenAPI lint (one test each). Then the server suite on PGlite under
#      Node 24, with the server files that generate demo data or spawn embedded servers (run
#      once, in the same run); the suite on a throwaway PostgreSQL under Node 20, with the
#      orders-list EXPLAIN; e2e (on the build made in the second lane)
#   3. print one line per step with its time, the total time, and `N passed, N failed`; exit 1
#      if anything failed
#
# Every step runs even when an earlier one failed. Reports land in .tmp/test-results/ (one vitest
# JSON per run, steps.tsv, summary.txt). Why it is built so: docs/decisions/0005-test-pipeline.md
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

results="$PWD/.tmp/test-results"
ledger="$results/steps.tsv"
rm -rf "$results"
mkdir -p "$results"
: >"$ledger"

banner() { printf '\n\033[1m=== %s ===\033[0m\n' "$*"; }

# --- 1. System packages -------------------------------------------------------------------

install_missing_packages() {
  local missing=()
  [[ -x /usr/bin/chromium ]] || missing+=(chromium)
  # The lighter headless build most e2e specs run on (e2e/fixtures/browser.ts, 0005).
  [[ -x /usr/lib/chromium/chromium-headless-shell ]] || missing+=(chromium-headless-shell)
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
  # The deployment files' own checkers (scripts/check-deploy.sh).
  command -v promtool >/dev/null || missing+=(prometheus)
  command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx-light)
  command -v systemd-analyze >/dev/null || missing+=(systemd)
  [[ ${#missing[@]} -eq 0 ]] && return 0

  banner "installing ${missing[*]} (Debian packages)"
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null; then
      sudo=(sudo)
    else
      echo "not root and no sudo: install ${missing[*]} yourself; the steps that need them will fail." >&2
      return 0
    fi
  fi
  if ! command -v apt-get >/dev/null; then
    echo "no apt-get: install ${missing[*]} yourself; the steps that need them will fail." >&2
    return 0
  fi
  # A failing third-party source should not stop the install from Debian's own archive.
  "${sudo[@]}" apt-get update || echo "apt-get update reported errors; trying the install anyway" >&2
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${missing[@]}" ||
    echo "installing ${missing[*]} failed; the steps that need them will fail." >&2
}

# timed LABEL CMD...: a preparation step, timed but not counted as a test.
timed() {
  local label=$1
  shift
  local start=$SECONDS
  "$@"
  printf 'time\t%s\t0\t%s\t-\n' "$label" "$((SECONDS - start))" >>"$ledger"
}

timed 'setup: Debian packages' install_missing_packages

# --- 2. Steps -----------------------------------------------------------------------------

# check LABEL CMD...: a command that passes or fails as a whole (counts as one test).
check() {
  local label=$1
  shift
  banner "$label: $*"
  local start=$SECONDS
  "$@"
  local code=$?
  printf 'check\t%s\t%s\t%s\t-\n' "$label" "$code" "$((SECONDS - start))" >>"$ledger"
  return "$code"
}

# beside CMD...: a step (or a function of steps) run in the background, beside the steps that
# follow, its output kept until `beside_done` prints it. For the typecheck and the core suites:
# tsc is single-threaded, as are most of the console build and the lints, so on a 2-core machine
# the two lanes take the time of one (0005).
beside_pid=
beside_log=
beside() {
  beside_log="$results/beside.log"
  ("$@") >"$beside_log" 2>&1 &
  beside_pid=$!
}
beside_done() {
  wait "$beside_pid"
  cat "$beside_log"
}

# suite LABEL NAME CMD...: a vitest run; its tests are counted from the JSON report NAME.json.
# The reporter arguments are appended to CMD, so CMD must end with vitest's own arguments.
suite() {
  local label=$1 report="$results/$2.json"
  shift 2
  banner "$label: $*"
  local start=$SECONDS
  "$@" --passWithNoTests --reporter=default --reporter=json --outputFile.json="$report"
  local code=$?
  printf 'vitest\t%s\t%s\t%s\t%s\n' "$label" "$code" "$((SECONDS - start))" "$report" >>"$ledger"
}

# node24_binary (scripts/node24.sh): the path of a Node 24 binary, installed from npm the first
# time. Deployments run the current LTS, so the server suite runs on it and on Node 20 (0005).
# shellcheck source=node24.sh
source scripts/node24.sh

node24=
find_node24() { node24=$(node24_binary) || node24=; }
timed 'setup: Node 24' find_node24

# on_node24_pglite [NAME=value...] ARGS...: `node ARGS` on Node 24 with that environment, without
# a TEST_DATABASE_URL from the caller's shell (so the server suite runs on PGlite). Node 24 goes
# first on PATH too, so what the tests spawn by name (npx, node) runs on it as well.
on_node24_pglite() {
  local vars=() # leading NAME=value arguments: environment for the run, as env takes them
  while [[ ${1:-} =~ ^[A-Z_0-9]+= ]]; do
    vars+=("$1")
    shift
  done
  if [[ -z $node24 ]]; then
    echo "no Node 24 binary: see the npm output above" >&2
    return 1
  fi
  echo "Node $("$node24" --version) at $node24"
  env -u TEST_DATABASE_URL PATH="$(dirname "$node24"):$PATH" "${vars[@]}" "$node24" "$@"
}

# The typecheck, then core, the console's logic, the simulator and the benchmarks' fast parts
# (none reads the build), in a lane beside the build and the lints.
typecheck_then_core() {
  check 'typecheck' npm run typecheck
  suite 'core, console, simulator and bench' core npx vitest run --project core --project console \
    --project simulator --project bench
}
beside typecheck_then_core
# The console and customer pages the e2e step serves, built once here (beside the typecheck).
built=1
check 'build (console)' npm run build || built=0
check 'lint (biome)' npx biome check .
# Import boundaries (DESIGN rule 1): no reach into another module's internals, no circle (0059).
check 'lint (import boundaries)' npm run lint:deps
# The document at /api/docs/json, linted by Redocly: no error and no warning (redocly.yaml).
check 'openapi lint' npx tsx scripts/openapi-lint.ts
# deploy/: the systemd unit, the Prometheus alert rules and the nginx site, by their own tools.
check 'deploy files' env PATH="$PATH:/usr/sbin" bash scripts/check-deploy.sh
beside_done
# The server suite runs twice: on PGlite under Node 24 (what deployments run) and on PostgreSQL
# under the machine's Node 20; the PGlite run must not pick up a TEST_DATABASE_URL from the
# caller's shell. The files that generate demo data, and those that spawn servers on the
# embedded database whatever the engine, run once, in the PGlite run under Node 24; the
# orders-list EXPLAIN among them also in the PostgreSQL pass, whose planner it checks too
# (vitest.config.ts). Why that covers both engines and both runtimes: 0005.
# The fuzzer sends 65 requests a route on each pass, from a seed of the pass's own: 130 distinct
# requests a route over the two (one pass of 125 from one seed before), each engine answering 65.
# The once-run files share the PGlite pass's run: one start and template, and their long files
# pack beside the suite's instead of running last with one worker idle.
suite 'server (PGlite, Node 24), with the demo-sized files run once' server-pglite-node24 \
  on_node24_pglite FUZZ_RUNS=65 FUZZ_SEED=20261124 node_modules/vitest/vitest.mjs run \
  --project server --project server-once
suite 'server (PostgreSQL, Node 20), with the orders-list EXPLAIN' server-postgres \
  env FUZZ_RUNS=65 FUZZ_SEED=20261125 bash scripts/with-postgres.sh npx vitest run --project server
# test:e2e is `npm run build && vitest run --project e2e`: the build ran above, beside the
# typecheck. Without it the specs would test an old build, or none.
if ((built)); then
  suite 'e2e' e2e npx vitest run --project e2e
else
  check 'e2e (not run: the build failed)' false
fi

# --- 3. Summary ---------------------------------------------------------------------------

printf 'wall\ttotal\t0\t%s\t-\n' "$SECONDS" >>"$ledger"
node scripts/summarize-results.mjs "$ledger"
