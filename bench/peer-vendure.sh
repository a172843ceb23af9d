#!/usr/bin/env bash
# Side by side with Vendure: our API on the Vendure peer harness's own N-product catalogue (its data/nN/catalog.json:
# same products, slugs, SKUs, options, prices), on PGlite and on PostgreSQL, each with the answer cache on and off,
# and Vendure, loaded in one interleaved sitting with the mixes production sees (bench/peer-mixes.ts):
# never-repeated searches and product pages by random slug, each after a warm-up on other inputs. REPEATED=1 also runs
# the harness's own bench.sh, one fixed URL per case (the repeated-URL case: with the answer cache on, ours then
# answers from memory every time; label its figures so). docs/performance.md says what the harness is.
# Then the checkout case (bench/peer-checkout.ts): 50 buyers placing whole orders on both sides, never-repeated carts,
# interleaved, and a sell-out race on each side checked for overselling, against our checkout servers on the same
# catalogue (bench/peer-checkout-server.ts, PGlite and PostgreSQL).
# usage: bench/peer-vendure.sh [N]   (after the harness's setup.sh N). Env: PEER_HARNESS (the harness's folder),
#        PEER_VENDURE_DIR, RUNS (1; the checkout case 2), PEER_CASES (mixes,checkout), BENCH_PG_URL
#        (postgres://postgres@127.0.0.1:5432/vitrina_bench_peer; dropped and recreated; the checkout's database is
#        the same name with _checkout). Writes bench/results-peer-vendure.json (the checkout under `checkout`).
set -euo pipefail
N="${1:-10000}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HARNESS="${PEER_HARNESS:-$ROOT/../shared/peers/vendure}"
WORK="${PEER_VENDURE_DIR:-${TMPDIR:-/tmp}/peer-vendure}"
CATALOG="$WORK/data/n$N/catalog.json"
PG_URL="${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/vitrina_bench_peer}"
[[ -f "$CATALOG" ]] || { echo "no $CATALOG: run $HARNESS/setup.sh $N first" >&2; exit 1; }
SLUG="$(node -p "require('$WORK/data/n$N/manifest.json').benchSlug")"
cd "$ROOT"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

# start_ours NAME [ENV=...]: starts bench/search-server.ts with the peer catalogue; sets $NAME to its READY json.
start_ours() {
  local name="$1" out; shift; out="$(mktemp)"
  env "$@" BENCH_PEER_CATALOG="$CATALOG" BENCH_APPS=cache,nocache \
    node --import tsx bench/search-server.ts > "$out" 2>&1 &
  local pid=$!
  pids+=("$pid")
  for _ in $(seq 1 900); do grep -q '^READY ' "$out" && break; kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  grep -q '^READY ' "$out" || { cat "$out" >&2; exit 1; }
  printf -v "$name" '%s' "$(grep '^READY ' "$out" | grep -o '"ports":{[^}]*}')"
}
port_of() { grep -o "\"$2\":[0-9]*" <<< "$1" | cut -d: -f2; }

CASES="${PEER_CASES:-mixes,checkout}"
started_vendure=0
if ! curl -s -m 2 -o /dev/null "http://127.0.0.1:3100/shop-api"; then
  "$HARNESS/start.sh" "$N"
  started_vendure=1
fi
if [[ ",$CASES," == *",checkout,"* ]]; then
  # Our checkout servers on the same catalogue; the race SKU is the first variant of the catalogue's first product.
  RACE_SKU="$(node -p "require('$CATALOG')[0].variants[0].sku")"
  lite_ready="$(mktemp)"; pg_ready="$(mktemp)"
  for side in lite pg; do
    ready_file="${side}_ready"
    if [[ "$side" == pg ]]; then db_env=(BENCH_DATABASE_URL="${PG_URL}_checkout"); else db_env=(X=1); fi
    env "${db_env[@]}" BENCH_PEER_CATALOG="$CATALOG" RACE_SKU="$RACE_SKU" \
      node --import tsx bench/peer-checkout-server.ts > "${!ready_file}" 2>&1 &
    pids+=("$!")
  done
  for f in "$lite_ready" "$pg_ready"; do
    for _ in $(seq 1 900); do grep -q '^READY ' "$f" && break; sleep 1; done
    grep -q '^READY ' "$f" || { cat "$f" >&2; exit 1; }
  done
  RUNS="${RUNS:-2}" npx tsx bench/peer-checkout.ts --vendure http://127.0.0.1:3100 --race-sku "$RACE_SKU" \
    --ours "lite=$lite_ready" --ours "pg=$pg_ready" --out bench/results-peer-vendure.json
fi
[[ ",$CASES," == *",mixes,"* ]] || { [[ "$started_vendure" == "1" ]] && "$HARNESS/stop.sh"; exit 0; }
start_ours lite X=1
start_ours pg BENCH_DATABASE_URL="$PG_URL"
ours_args=()
for db in lite pg; do
  json="${!db}"
  for app in cache nocache; do
    ours_args+=(--ours "$db-$app=http://127.0.0.1:$(port_of "$json" "$app")")
  done
done
RUNS="${RUNS:-1}" npx tsx bench/peer-mixes.ts --catalog "$CATALOG" --vendure http://127.0.0.1:3100/shop-api \
  "${ours_args[@]}" --out bench/results-peer-vendure.json

if [[ "${REPEATED:-0}" == "1" ]]; then
  # The repeated-URL case: one fixed search and one fixed product per side, the harness's own method.
  case_urls=()
  for db in lite pg; do
    json="${!db}"
    for app in cache nocache; do
      port="$(port_of "$json" "$app")"
      case_urls+=(--get-case "ours-$db-$app-search=http://bench.localhost:$port/api/reseller/producto/search?q=jacket&pageSize=20")
      case_urls+=(--get-case "ours-$db-$app-product=http://bench.localhost:$port/api/productos/$SLUG")
    done
  done
  cases="search,ours-lite-cache-search,ours-lite-nocache-search,ours-pg-cache-search,ours-pg-nocache-search"
  cases="$cases,product,ours-lite-cache-product,ours-lite-nocache-product,ours-pg-cache-product,ours-pg-nocache-product,hello"
  LABEL="repeated-URL case" RUNS="${RUNS:-1}" CASES="$cases" "$HARNESS/bench.sh" "$N" "${case_urls[@]}"
fi
[[ "$started_vendure" == "1" ]] && "$HARNESS/stop.sh" || true
