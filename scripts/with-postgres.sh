#!/usr/bin/env bash
# Usage: bash scripts/with-postgres.sh CMD [ARGS...]
#
# Runs CMD against a throwaway PostgreSQL cluster of its own: a fresh data directory in a temp
# dir, a free port on 127.0.0.1, trust auth, fsync off. Exports
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/dastak_test
# (role `postgres` is the superuser, so the server tests can CREATE DATABASE per test file).
# The cluster is stopped and its directory removed on exit; the exit code is CMD's.
#
# Needs PostgreSQL's server binaries (Debian: apt-get install postgresql). It never touches a
# system cluster. Overrides: PG_BINDIR (where initdb/pg_ctl live), WITH_POSTGRES_PORT (first
# port to try, default 55432).
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi

log() { echo "with-postgres: $*" >&2; }

# Newest installed major version wins (Debian: /usr/lib/postgresql/<ver>/bin).
find_bindir() {
  if [[ -n "${PG_BINDIR:-}" ]]; then
    echo "$PG_BINDIR"
    return
  fi
  local dirs=(/usr/lib/postgresql/*/bin) newest
  newest=$(printf '%s\n' "${dirs[@]}" | sort -V | tail -n 1)
  if [[ -n "$newest" && -x "$newest/initdb" ]]; then
    echo "$newest"
  elif command -v pg_config >/dev/null && [[ -x "$(pg_config --bindir)/initdb" ]]; then
    pg_config --bindir
  elif command -v initdb >/dev/null; then
    dirname "$(readlink -f "$(command -v initdb)")"
  fi
}

bindir=$(find_bindir)
if [[ -z "$bindir" || ! -x "$bindir/initdb" || ! -x "$bindir/pg_ctl" ]]; then
  log "PostgreSQL server binaries not found (looked in /usr/lib/postgresql/*/bin)."
  log "Install them with: apt-get install -y --no-install-recommends postgresql"
  exit 1
fi

# PostgreSQL refuses to run as root; as root, run the cluster as the `postgres` system user that
# the Debian package creates. Clients (psql, the tests) connect over TCP and run as the caller.
tmp_base=${TMPDIR:-/tmp}
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    log "running as root but there is no 'postgres' user to run the cluster as."
    exit 1
  fi
  tmp_base=/tmp # TMPDIR may be somewhere the postgres user cannot reach
  if command -v runuser >/dev/null; then
    as_pg() { runuser -u postgres -- "$@"; }
  else
    as_pg() { su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; }
  fi
else
  as_pg() { "$@"; }
fi

dir=$(mktemp -d "$tmp_base/dastak-pg.XXXXXX")
if [[ $(id -u) -eq 0 ]]; then
  chown postgres: "$dir"
fi
data="$dir/data"

# The cluster's tools run from inside the temp dir: the postgres user may not be able to read
# the caller's working directory.
in_dir() { (cd "$dir" && as_pg "$@"); }

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
  # Immediate stop is safe: the data is thrown away anyway.
  if [[ -f "$data/postmaster.pid" ]]; then
    in_dir "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if ! in_dir "$bindir/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C \
  --no-sync >"$dir/initdb.log" 2>&1; then
  cat "$dir/initdb.log" >&2
  log "initdb failed."
  exit 1
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

port=${WITH_POSTGRES_PORT:-55432}
started=
logfile=
for _ in $(seq 1 50); do
  if ! port_in_use "$port"; then
    # -k: the unix socket stays in the temp dir, away from /var/run/postgresql.
    logfile="$dir/postgres-$port.log"
    opts="-p $port -k '$dir' -c listen_addresses=127.0.0.1"
    opts+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    opts+=" -c max_connections=300"
    if in_dir "$bindir/pg_ctl" -D "$data" -l "$logfile" -w -t 60 -o "$opts" start >/dev/null; then
      started=1
      break
    fi
    # Lost a race for the port, or a real failure: only the former is worth another try.
    if ! grep -qi 'could not bind\|address already in use\|could not create any TCP' "$logfile"; then
      break
    fi
  fi
  port=$((port + 1))
done
if [[ -z "$started" ]]; then
  [[ -n "$logfile" && -f "$logfile" ]] && tail -n 30 "$logfile" >&2
  log "could not start PostgreSQL (last port tried: $port)."
  exit 1
fi

"$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -qAt -v ON_ERROR_STOP=1 \
  -c 'CREATE DATABASE dastak_test' >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/dastak_test"
log "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($dir)"

# Run CMD in the background and wait, so that a TERM sent to this script (a CI job being
# cancelled) reaches CMD at once and the cluster is still cleaned up. `<&0` keeps stdin.
set +e
"$@" <&0 &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' INT TERM
while true; do
  wait "$child"
  status=$?
  kill -0 "$child" 2>/dev/null || break # still running: wait was cut short by a signal
done
exit "$status"
