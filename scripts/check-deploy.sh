#!/usr/bin/env bash
# Checks the deployment files in deploy/ with the tools that run them (docs/operations.md):
# the systemd unit (systemd-analyze verify: any complaint fails, unknown keys included), the
# Prometheus alert rules (promtool check rules, and promtool test rules: each alert fires on its
# series) and the nginx site (nginx -t, with a throwaway certificate in place of the real one).
# The tools come from Debian's systemd, prometheus and nginx-light packages (scripts/test-all.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

echo '== systemd-analyze verify deploy/dastak.service'
# The unit names /usr/bin/node, Debian's; verify needs the executable to exist, so use this one's.
sed "s|/usr/bin/node|$(command -v node)|" deploy/dastak.service >"$tmp/dastak.service"
out=$(systemd-analyze verify "$tmp/dastak.service" 2>&1) || failed=1
if [[ -n $out ]]; then
  echo "$out"
  failed=1
fi

echo '== promtool check rules / test rules'
promtool check rules deploy/prometheus-alerts.yml || failed=1
promtool test rules deploy/prometheus-alerts.test.yml || failed=1

echo '== nginx -t deploy/nginx.conf'
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=dastak.example.pk \
  -keyout "$tmp/privkey.pem" -out "$tmp/fullchain.pem" 2>/dev/null
sed "s|/etc/letsencrypt/live/dastak.example.pk|$tmp|" deploy/nginx.conf >"$tmp/site.conf"
cat >"$tmp/nginx.conf" <<CONF
pid $tmp/nginx.pid;
error_log $tmp/error.log;
events {}
http { include $tmp/site.conf; }
CONF
nginx -t -q -c "$tmp/nginx.conf" -e "$tmp/error.log" || failed=1

exit "$failed"
