#!/usr/bin/env bash
# Starts on this machine, on loopback only, the layout docs/deploy.md describes for real machines: Caddy
# (deploy/Caddyfile, with its own CA instead of Let's Encrypt) in front of two Vitrina instances that share a fresh
# PostgreSQL database, Redis (rate-limit counters) and an S3-compatible bucket (s3rver, from the dev dependencies).
# No container: the Debian packages caddy, postgresql and redis-server, and npm's. Stop it with deploy/stop-local.sh
# (`--drop` also drops the database and the state folder).
#
# Settings, from the environment:
#   VITRINA_LOCAL_DIR         state: logs, pids, Caddy's data, the bucket (default: /tmp/vitrina-local)
#   VITRINA_LOCAL_POSTGRES    a server URL whose user may create databases (default postgres://postgres@127.0.0.1:5432/postgres)
#   VITRINA_LOCAL_REDIS       default redis://127.0.0.1:6379; not answering: each instance counts on its own
#   VITRINA_LOCAL_HTTPS_PORT  where Caddy serves the stores (default 8443); HTTP on 8080, its admin API on 2099
#   VITRINA_LOCAL_PORTS       the two instances' ports (default "3101 3102"); s3rver on 4569
set -euo pipefail
trap 'echo "start-local: failed at line $LINENO (deploy/stop-local.sh stops what did start)" >&2' ERR
cd "$(dirname "$0")/.."
ROOT=$PWD

STATE=${VITRINA_LOCAL_DIR:-/tmp/vitrina-local}
POSTGRES=${VITRINA_LOCAL_POSTGRES:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS=${VITRINA_LOCAL_REDIS:-redis://127.0.0.1:6379}
HTTPS_PORT=${VITRINA_LOCAL_HTTPS_PORT:-8443}
read -r -a PORTS <<<"${VITRINA_LOCAL_PORTS:-3101 3102}"
HTTP_PORT=8080
ASK_PORT=8555
ADMIN=127.0.0.1:2099
S3_PORT=4569
BUCKET=vitrina-local

die() {
  echo "start-local: $*" >&2
  exit 1
}
# Waits until `curl` of $1 succeeds (extra curl arguments after the timeout in seconds $2); names log $3 on failure.
wait_for() {
  local url=$1 seconds=$2 log=$3
  shift 3
  for _ in $(seq 1 $((seconds * 2))); do
    if curl -fsS -o /dev/null --max-time 2 "$@" "$url" 2>/dev/null; then return 0; fi
    sleep 0.5
  done
  echo "start-local: $url did not answer within ${seconds}s; last lines of $log:" >&2
  tail -n 30 "$log" >&2
  exit 1
}

for tool in caddy node psql curl; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
[ -x node_modules/.bin/tsx ] || die "node_modules is missing: run npm ci"
[ "${#PORTS[@]}" -eq 2 ] || die "VITRINA_LOCAL_PORTS must name two ports"
mkdir -p "$STATE"
for pidfile in "$STATE"/*.pid; do
  [ -e "$pidfile" ] || continue
  if kill -0 "$(cat "$pidfile")" 2>/dev/null; then die "already running (deploy/stop-local.sh stops it)"; fi
  rm -f "$pidfile"
done

# A fresh database, named by the time; after deploy/stop-local.sh without --drop, the same one again (and its secret).
if [ -f "$STATE/database" ]; then
  DATABASE=$(cat "$STATE/database")
  echo "Reusing database $DATABASE (deploy/stop-local.sh --drop starts afresh)"
else
  DATABASE=vitrina_local_$(date +%Y%m%d_%H%M%S)
  psql "$POSTGRES" -v ON_ERROR_STOP=1 -qc "CREATE DATABASE $DATABASE" || die "could not create database $DATABASE"
  echo "$DATABASE" >"$STATE/database"
fi
DATABASE_URL=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$POSTGRES" "$DATABASE")
SECRET=$(sed -n 's/^APP_SECRET=//p' "$STATE/vitrina.env" 2>/dev/null || true)
[ -n "$SECRET" ] || SECRET=$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')

REDIS_URL=$REDIS
if command -v redis-cli >/dev/null && [ "$(redis-cli -u "$REDIS" ping 2>/dev/null)" != "PONG" ]; then
  echo "start-local: Redis does not answer at $REDIS: rate limits are counted per instance" >&2
  REDIS_URL=
fi

# The bucket: s3rver keeps its objects in the state folder; Caddy serves the public ones over https (media.localhost).
mkdir -p "$STATE/s3"
node node_modules/s3rver/bin/s3rver.js -d "$STATE/s3" -a 127.0.0.1 -p "$S3_PORT" -s --no-vhost-buckets --configure-bucket "$BUCKET" \
  >"$STATE/s3rver.log" 2>&1 &
echo $! >"$STATE/s3rver.pid"
wait_for "http://127.0.0.1:$S3_PORT/" 20 "$STATE/s3rver.log"

# What every instance shares (one secret, since they share a database); kept for running more instances by hand.
umask 077
cat >"$STATE/vitrina.env" <<EOF
NODE_ENV=production
HOST=127.0.0.1
PLATFORM_DOMAIN=localhost
PUBLIC_SCHEME=https
PUBLIC_PORT=$HTTPS_PORT
TRUST_PROXY=127.0.0.1
TLS_PROBE_ADDRESS=127.0.0.1:$HTTPS_PORT
DATABASE_URL=$DATABASE_URL
REDIS_URL=$REDIS_URL
REDIS_KEY_PREFIX=vitrina-local:$DATABASE:
APP_SECRET=$SECRET
S3_BUCKET=$BUCKET
S3_ENDPOINT=http://127.0.0.1:$S3_PORT
S3_ACCESS_KEY_ID=S3RVER
S3_SECRET_ACCESS_KEY=S3RVER
S3_FORCE_PATH_STYLE=true
S3_PUBLIC_URL=https://media.localhost:$HTTPS_PORT/$BUCKET/public
PAYMENTS_SANDBOX=true
EOF
[ -n "$REDIS_URL" ] || sed -i '/^REDIS_URL=/d' "$STATE/vitrina.env"
umask 022

# Built once here, so that the two instances do not both build it.
if [ ! -f dist/web/index.html ] || [ ! -f dist/admin/index.html ] || [ ! -f dist/ssr/entry-server.js ]; then
  echo "Building the web app (once)…"
  npm run build >"$STATE/build.log" 2>&1 || { tail -n 30 "$STATE/build.log" >&2; die "the web build failed"; }
fi

# The instances one after the other: the first applies the migrations and seeds the demo stores.
for i in 1 2; do
  port=${PORTS[$((i - 1))]}
  (
    set -a
    # shellcheck disable=SC1091
    . "$STATE/vitrina.env"
    set +a
    PORT=$port DATA_DIR="$STATE/app-$i" SEED_DEMO=$([ "$i" = 1 ] && echo true || echo false) \
      exec node --import tsx src/server/server.ts
  ) >"$STATE/app-$i.log" 2>&1 &
  echo $! >"$STATE/app-$i.pid"
  wait_for "http://127.0.0.1:$port/api/health" 600 "$STATE/app-$i.log"
done

# Caddy: the deployed file itself, plus the bucket's public site.
cat >"$STATE/Caddyfile" <<EOF
import $ROOT/deploy/Caddyfile

https://media.localhost {
	tls internal
	reverse_proxy 127.0.0.1:$S3_PORT
}
EOF
(
  export VITRINA_UPSTREAMS="127.0.0.1:${PORTS[0]} 127.0.0.1:${PORTS[1]}" VITRINA_PLATFORM_DOMAIN=localhost \
    VITRINA_TLS_ISSUER=internal VITRINA_HTTPS_PORT=$HTTPS_PORT VITRINA_HTTP_PORT=$HTTP_PORT \
    VITRINA_ASK_PORT=$ASK_PORT VITRINA_BIND=127.0.0.1 VITRINA_CADDY_ADMIN=$ADMIN \
    XDG_DATA_HOME="$STATE/caddy/data" XDG_CONFIG_HOME="$STATE/caddy/config"
  exec caddy run --config "$STATE/Caddyfile" --adapter caddyfile
) >"$STATE/caddy.log" 2>&1 &
echo $! >"$STATE/caddy.pid"
CA=$STATE/caddy/data/caddy/pki/authorities/local/root.crt
wait_for "https://localhost:$HTTPS_PORT/api/health" 30 "$STATE/caddy.log" --cacert "$CA"

STORE=$(psql "$DATABASE_URL" -Atqc "select hostname from store_domains where is_primary order by created_at limit 1")
cat <<EOF

The local layout is up (state in $STATE):
  Platform     https://localhost:$HTTPS_PORT/
  A store      https://${STORE:-<slug>.localhost}:$HTTPS_PORT/   (certificate on its first visit)
  Instances    http://127.0.0.1:${PORTS[0]} and http://127.0.0.1:${PORTS[1]}   (logs: $STATE/app-1.log, app-2.log)
  Database     $DATABASE_URL
  Bucket       s3rver on 127.0.0.1:$S3_PORT, public files at https://media.localhost:$HTTPS_PORT/$BUCKET/public/
  Caddy's CA   $CA   (curl --cacert it; a browser trusts it once imported)
Stop it with deploy/stop-local.sh (add --drop to drop the database and this state).
EOF
