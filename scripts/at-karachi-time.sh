#!/usr/bin/env bash
# at-karachi-time.sh HH:MM CMD...: runs CMD (and everything it starts: node, PGlite, PostgreSQL,
# Chromium) with the clock moved to HH:MM Karachi time of the current Karachi day, ticking on
# from there, through libfaketime (Debian's `faketime`, installed when absent). It proves that
# nothing depends on the hour the suite runs at (docs/decisions/0005-test-pipeline.md):
#   bash scripts/at-karachi-time.sh 03:00 npm test
# Every process sees the same offset, so the server, the database and the browser agree.
set -euo pipefail
if [[ $# -lt 2 || ! $1 =~ ^([01][0-9]|2[0-3]):[0-5][0-9]$ ]]; then
  echo "usage: $0 HH:MM command..." >&2
  exit 2
fi
at=$1
shift
if ! command -v faketime >/dev/null; then
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends faketime >&2
fi
now=$(date -u +%s)
# Karachi is UTC+5 all year: the target is HH:MM of today's Karachi date, in epoch seconds.
day=$(date -u -d "@$((now + 5 * 3600))" +%F)
target=$(date -u -d "$day $at +0500" +%s)
offset=$((target - now))
sign=+
((offset < 0)) && sign=-
echo "clock moved to $day $at Karachi (offset ${sign}${offset#-} s)" >&2
# The monotonic clock moves by the same offset (Chromium stalls when only the wall clock moves).
exec faketime -f "${sign}${offset#-}" "$@"
