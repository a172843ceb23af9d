#!/usr/bin/env bash
# Stops what deploy/start-local.sh started (by the process ids it wrote: Caddy first, then the instances, then the
# bucket). With --drop, also drops the run's database and removes the state folder.
set -uo pipefail
cd "$(dirname "$0")/.."

STATE=${VITRINA_LOCAL_DIR:-/tmp/vitrina-local}
POSTGRES=${VITRINA_LOCAL_POSTGRES:-postgres://postgres@127.0.0.1:5432/postgres}
[ -d "$STATE" ] || {
  echo "stop-local: nothing in $STATE"
  exit 0
}

# SIGTERM (each instance closes its connections and finishes its jobs), SIGKILL after 15 s.
stop() {
  local pidfile=$STATE/$1.pid pid
  [ -f "$pidfile" ] || return 0
  pid=$(cat "$pidfile")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 30); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    echo "stopped $1 ($pid)"
  fi
  rm -f "$pidfile"
}
stop caddy
stop app-1
stop app-2
stop s3rver

if [ "${1:-}" = "--drop" ]; then
  if [ -f "$STATE/database" ]; then
    database=$(cat "$STATE/database")
    psql "$POSTGRES" -v ON_ERROR_STOP=1 -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" && echo "dropped $database"
  fi
  rm -rf "$STATE"
fi
