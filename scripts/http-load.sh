#!/usr/bin/env bash
# HTTP load on the home feed: GET /feed with real users, follows, posts and bearer tokens, on the
# polyglot profile (DynamoDB Local in a process of its own, users on Postgres, timelines on Redis)
# or with PROFILE=embedded on the embedded one (everything in the server's process), listening on
# loopback only. wrk runs for a bounded time; the script prints wrk's p50, p99 and
# throughput beside redis-benchmark -t lrange_100 on a private redis-server on the same machine,
# then stops everything it started and removes its Redis keys and Postgres schema.
#
#   scripts/http-load.sh                      # 64 connections, 20 s, after 30 s of warm-up on each route
#   WARMUP=0 scripts/http-load.sh             # no warm-up: a server still compiling (as runs were taken before 1 December 2026)
#   COLD_PAGES=0 scripts/http-load.sh         # without the pages measured after Redis lost their posts or windows (polyglot)
#   HYBRID=0 scripts/http-load.sh             # without feedline bench's hybrid-against-pull read at the end
#   DURATION=30s CONNECTIONS=64 scripts/http-load.sh
#   SERVER_JAVA_OPTS='-XX:StartFlightRecording=filename=/tmp/feed.jfr,settings=profile' scripts/http-load.sh
#   PROFILE=embedded scripts/http-load.sh     # the embedded profile: DynamoDB Local in the server, in memory
#   PROFILE=both scripts/http-load.sh         # polyglot, then embedded, then the one against the other
#   APP_JAR=/tmp/before.jar scripts/http-load.sh  # another build's server jar, to alternate two builds
#
# Beside GET /feed it loads GET /health on the same server with the same wrk settings, script and
# Authorization headers (only the path differs): the server's cheapest route (its answer is kept for
# http.health-cache), the baseline of what the HTTP stack alone allows on this machine in the same
# run; and once more bare (no script, no header), as the figures of earlier runs were taken.
#
# Before any measured run, wrk loads GET /feed and then GET /health for WARMUP each, at the measured
# connection count: a new JVM spends its first tens of seconds under load compiling the hot paths
# (on a 2-core machine its C2 compiler took a third of the server's CPU in a cold 20 s run), and a
# figure taken then is the compiler's, not the server's. The report gives the seconds the JIT
# compilers spent during each measured run (jstat), so a run that was not steady shows as such.
#
# Needs: a JDK 21+ under /usr/lib/jvm (or FEEDLINE_JAVA), Maven, curl, jq, psql, redis-server,
# redis-benchmark and redis-cli; Postgres on POSTGRES_HOST:POSTGRES_PORT (trust auth) and Redis on
# REDIS_URI. wrk is installed from the Debian packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT_NAME=http-load
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

DURATION=${DURATION:-20s}
WARMUP=${WARMUP:-30s}
COLD_PAGES=${COLD_PAGES:-50}
HYBRID=${HYBRID:-1}
CONNECTIONS=${CONNECTIONS:-64}
WRK_THREADS=${WRK_THREADS:-2}
USERS=${USERS:-64}
FOLLOWS=${FOLLOWS:-12}
POSTS=${POSTS:-4}
POSTGRES_HOST=${POSTGRES_HOST:-127.0.0.1}
POSTGRES_PORT=${POSTGRES_PORT:-5432}
POSTGRES_DB=${POSTGRES_DB:-test}
POSTGRES_USER=${POSTGRES_USER:-postgres}
REDIS_URI=${REDIS_URI:-redis://127.0.0.1:6379}
REDIS_REQUESTS=${REDIS_REQUESTS:-100000}
MVN_FLAGS=${MVN_FLAGS:-}
SERVER_JAVA_OPTS=${SERVER_JAVA_OPTS:-}
PROFILE=${PROFILE:-polyglot}
[[ $PROFILE == polyglot || $PROFILE == embedded || $PROFILE == both ]] \
  || { echo "http-load: PROFILE is polyglot, embedded or both, not '$PROFILE'" >&2; exit 2; }

# Both profiles: this script once per profile, each report as it comes, then the embedded one's
# throughput against the polyglot one's (issue 11: >= 0.5x).
if [[ $PROFILE == both ]]; then
  REPORTS=$(mktemp -d "${TMPDIR:-/tmp}/feedline-load-both.XXXXXX")
  PROFILE=polyglot "$0" | tee "$REPORTS/polyglot.txt"
  PROFILE=embedded "$0" | tee "$REPORTS/embedded.txt"
  feed_rps() { sed -n 's/^  p50 .* ms, \([0-9.]*\) requests\/s.*/\1/p' "$REPORTS/$1.txt" | head -1; }
  awk -v e="$(feed_rps embedded)" -v p="$(feed_rps polyglot)" 'BEGIN {
    printf "GET /feed, embedded against polyglot in this run: %.0f against %.0f requests/s, %.2fx (target >= 0.5: %s)\n", e, p, e / p, (e / p >= 0.5) ? "met" : "NOT met" }'
  rm -rf "$REPORTS"
  exit 0
fi

TAG=$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')
WORK=$(mktemp -d "${TMPDIR:-/tmp}/feedline-load.XXXXXX")
SCHEMA="feedline_load_$TAG"
PREFIX="load:$TAG:"
PIDS=()

cleanup() {
  local status=$?
  for pid in "${PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if [[ -n ${SCRATCH_REDIS_PORT:-} ]]; then
    redis-cli -h 127.0.0.1 -p "$SCRATCH_REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  fi
  redis-cli -u "$REDIS_URI" --scan --pattern "${PREFIX}*" 2>/dev/null | xargs -r -n 500 redis-cli -u "$REDIS_URI" unlink >/dev/null 2>&1 || true
  psql -w -q -h "$POSTGRES_HOST" -p "$POSTGRES_PORT" -U "$POSTGRES_USER" -d "$POSTGRES_DB" \
    -c "DROP SCHEMA IF EXISTS $SCHEMA CASCADE" >/dev/null 2>&1 || say "http-load: could not drop schema $SCHEMA"
  if [[ $status -ne 0 ]]; then say "http-load: failed; logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# --- tools -----------------------------------------------------------------------------------------
ensure_wrk
require_tools wrk curl jq psql redis-server redis-benchmark redis-cli mvn
find_java

# --- build -----------------------------------------------------------------------------------------
# The server is the production jar; DynamoDB Local is served by the bench module's `bench dynamodb-local`.
# APP_JAR names another server jar (a copy of an earlier build, to alternate two builds in one sitting);
# the bench jar is still built from this checkout.
say "building the app and the bench"
# shellcheck disable=SC2086
mvn -q $MVN_FLAGS -pl bench -am -DskipTests package >"$WORK/build.log" 2>&1 \
  || { cat "$WORK/build.log" >&2; fail "build failed"; }
APP_JAR=${APP_JAR:-"$PWD/app/target/feedline-all.jar"}
[[ -f $APP_JAR ]] || fail "no server jar at $APP_JAR"
say "server jar: $APP_JAR"
BENCH_JAR="$PWD/bench/target/feedline-bench.jar"

# --- engines and server ----------------------------------------------------------------------------
PORT=$(free_port)
BASE="http://127.0.0.1:$PORT"
if [[ $PROFILE == polyglot ]]; then
  "$JAVA" --enable-native-access=ALL-UNNAMED -jar "$BENCH_JAR" bench dynamodb-local \
    >"$WORK/dynamodb.log" 2>&1 &
  DYNAMO_PID=$!
  PIDS+=("$DYNAMO_PID")
  for _ in $(seq 300); do
    ENDPOINT=$(sed -n 's/^endpoint \(http[^ ]*\)$/\1/p' "$WORK/dynamodb.log")
    [[ -n $ENDPOINT ]] && break
    sleep 0.1
  done
  [[ -n ${ENDPOINT:-} ]] || fail "DynamoDB Local did not start (see $WORK/dynamodb.log)"
  WHERE="at $ENDPOINT"
  env FEEDLINE_PROFILE=polyglot \
    FEEDLINE_HTTP_HOST=127.0.0.1 FEEDLINE_HTTP_PORT="$PORT" \
    FEEDLINE_HTTP_RATE_LIMIT_REQUESTS=1000000000 FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS=1000000000 \
    FEEDLINE_PASSWORD_MAX_WAIT=60s \
    FEEDLINE_TOKEN_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
    FEEDLINE_DYNAMODB_ENDPOINT="$ENDPOINT" FEEDLINE_DYNAMODB_TABLE="load-$TAG" \
    FEEDLINE_POSTGRES_URL="jdbc:postgresql://$POSTGRES_HOST:$POSTGRES_PORT/$POSTGRES_DB" \
    FEEDLINE_POSTGRES_USER="$POSTGRES_USER" FEEDLINE_POSTGRES_SCHEMA="$SCHEMA" \
    FEEDLINE_REDIS_URI="$REDIS_URI" FEEDLINE_REDIS_KEY_PREFIX="$PREFIX" \
    "$JAVA" --enable-native-access=ALL-UNNAMED $SERVER_JAVA_OPTS -jar "$APP_JAR" serve >"$WORK/server.log" 2>&1 &
else
  # Everything in the server's process: DynamoDB Local in memory, the windows and the post cache in its heap.
  WHERE="in the server's process"
  DYNAMO_PID=0
  env FEEDLINE_PROFILE=embedded FEEDLINE_DYNAMODB_IN_MEMORY=true \
    FEEDLINE_HTTP_HOST=127.0.0.1 FEEDLINE_HTTP_PORT="$PORT" \
    FEEDLINE_HTTP_RATE_LIMIT_REQUESTS=1000000000 FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS=1000000000 \
    FEEDLINE_PASSWORD_MAX_WAIT=60s \
    "$JAVA" --enable-native-access=ALL-UNNAMED $SERVER_JAVA_OPTS -jar "$APP_JAR" serve >"$WORK/server.log" 2>&1 &
fi
SERVER_PID=$!
PIDS+=("$SERVER_PID")
for _ in $(seq 600); do
  curl -fs "$BASE/health" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fs "$BASE/health" >/dev/null || fail "the server did not become healthy (see $WORK/server.log)"
say "server up on $BASE ($PROFILE; DynamoDB Local $WHERE)"

# --- users, follows, posts -------------------------------------------------------------------------
PASSWORD="load-test-$TAG"
seed_users "$BASE" "l${TAG}_"

# The in-process worker of `serve` fans every post out; its lag is on /metrics.
EXPECTED=$((USERS * POSTS))
for _ in $(seq 600); do
  DELIVERED=$(curl -fs "$BASE/metrics" | sed -n 's/^feedline_fanout_lag_seconds_count[^ ]* \([0-9.eE+]*\)$/\1/p' | head -1)
  [[ -n $DELIVERED ]] && (( ${DELIVERED%.*} >= EXPECTED )) && break
  sleep 0.1
done
(( ${DELIVERED%.*} >= EXPECTED )) || fail "only ${DELIVERED:-0} of $EXPECTED fan-outs done"
PAGE=$(curl -fs -H "Authorization: Bearer ${TOKENS[0]}" "$BASE/feed?limit=20" | jq '.items | length')
say "fan-out done: $DELIVERED posts delivered (feedline_fanout_lag_seconds_count on /metrics); user 0's first page holds $PAGE posts"

# --- load ------------------------------------------------------------------------------------------
{
  printf 'tokens = {'
  for ((i = 0; i < USERS; i++)); do printf '"%s",' "${TOKENS[i]}"; done
  printf '}\n'
  cat <<'LUA'
-- One request per token, built once per wrk thread (wrk's guidance: building a request per call
-- costs the client more than it costs many servers to answer); each call takes the next token.
local requests = {}
local n = 0
init = function(args)
  for i, token in ipairs(tokens) do
    requests[i] = wrk.format("GET", path, { ["Authorization"] = "Bearer " .. token })
  end
end
request = function()
  n = n + 1
  return requests[(n % #requests) + 1]
end
LUA
} >"$WORK/tokens.lua"
# The same requests, tokens and client work on both routes: only the path differs.
{ echo 'path = "/feed?limit=20"'; cat "$WORK/tokens.lua"; } >"$WORK/feed.lua"
{ echo 'path = "/health"'; cat "$WORK/tokens.lua"; } >"$WORK/health.lua"
# CPU seconds a process has used (cpu_seconds, scripts/lib.sh) show where the time of the run went.
REDIS_PID=$(redis-cli -u "$REDIS_URI" info server 2>/dev/null | sed -n 's/^process_id:\([0-9]*\).*/\1/p')
if wants_warmup "$WARMUP"; then
  say "wrk: warm-up, $CONNECTIONS connections, $WARMUP on GET /feed, then $WARMUP on GET /health (not measured)"
  wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$WARMUP" -s "$WORK/feed.lua" "$BASE" >"$WORK/warmup-feed.txt"
  wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$WARMUP" -s "$WORK/health.lua" "$BASE" >"$WORK/warmup-health.txt"
fi
say "wrk: 1 connection, 5s on GET /feed (unloaded latency)"
wrk -t1 -c1 -d5s --latency -s "$WORK/feed.lua" "$BASE" >"$WORK/wrk1.txt"
# DynamoDB requests the server made, per access pattern and operation, as /metrics counts them.
dynamo_requests() {
  curl -fs "$BASE/metrics" | sed -n 's/^feedline_dynamodb_requests_total{\([^}]*\)} \([0-9.eE+]*\)$/\1 \2/p' | LC_ALL=C sort
}
CPU_BEFORE="$(cpu_seconds "$SERVER_PID") $(cpu_seconds "$DYNAMO_PID") $(cpu_seconds "${REDIS_PID:-0}")"
JIT_BEFORE=$(jit_seconds "$SERVER_PID")
dynamo_requests >"$WORK/dynamo-before.txt"
say "wrk: $CONNECTIONS connections, $WRK_THREADS threads, $DURATION on GET /feed"
wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$WORK/feed.lua" "$BASE" | tee "$WORK/wrk.txt" >&2
CPU_AFTER="$(cpu_seconds "$SERVER_PID") $(cpu_seconds "$DYNAMO_PID") $(cpu_seconds "${REDIS_PID:-0}")"
JIT_AFTER=$(jit_seconds "$SERVER_PID")
dynamo_requests >"$WORK/dynamo-after.txt"
say "wrk: $CONNECTIONS connections, $WRK_THREADS threads, $DURATION on GET /health (the same server's cheapest route)"
wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$WORK/health.lua" "$BASE" >"$WORK/health.txt"
JIT_HEALTH=$(jit_seconds "$SERVER_PID")
say "wrk: $CONNECTIONS connections, $WRK_THREADS threads, $DURATION on GET /health with no script and no header"
wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$BASE/health" >"$WORK/health-bare.txt"
for run in wrk1 wrk health health-bare; do
  NON_2XX=$(sed -n 's/^ *Non-2xx or 3xx responses: *\([0-9]*\)/\1/p' "$WORK/$run.txt")
  [[ -z $NON_2XX ]] || fail "$NON_2XX responses were not 2xx"
done

# --- cold pages (polyglot) -------------------------------------------------------------------------
# What a page costs when Redis has lost what it keeps for it: COLD_PAGES pages each, one at a time,
# timed by curl: hot; after the cached posts are unlinked (the page hydrates from DynamoDB); after
# the windows are unlinked too (the page is rebuilt from the durable feed items, then hydrated).
# Unlinking in Redis empties the server's near copies too (its tracked reads are told). The
# DynamoDB requests the pages made are counted per access pattern from /metrics, with their mean
# time: the price of keeping feed items as references rather than copies of the posts.
dynamo_timed() {
  curl -fs "$BASE/metrics" | sed -n 's/^feedline_dynamodb_\(requests_total\|request_duration_seconds_sum\){access_pattern="\([^"]*\)"[^}]*} \([0-9.eE+-]*\)$/\2 \1 \3/p' \
    | awk '{ v[$1 " " $2] += $3 } END { for (k in v) print k, v[k] }' | LC_ALL=C sort
}
cold_pages() { # label, then the key patterns to unlink before each page
  local label=$1 pattern
  shift
  dynamo_timed >"$WORK/cold-$label-before.txt"
  : >"$WORK/cold-$label.txt"
  for _ in $(seq "$COLD_PAGES"); do
    for pattern in "$@"; do
      redis-cli -u "$REDIS_URI" --scan --pattern "$pattern" | xargs -r redis-cli -u "$REDIS_URI" unlink >/dev/null
    done
    curl -fs -o /dev/null -w '%{time_total}\n' -H "Authorization: Bearer ${TOKENS[0]}" "$BASE/feed?limit=20" >>"$WORK/cold-$label.txt" \
      || fail "a $label page failed"
  done
  dynamo_timed >"$WORK/cold-$label-after.txt"
}
if [[ $PROFILE == polyglot && $COLD_PAGES -gt 0 ]]; then
  say "curl: $COLD_PAGES pages each, hot, without the cached posts, without the windows and the cached posts"
  cold_pages hot
  cold_pages posts "${PREFIX}p:*"
  cold_pages windows "${PREFIX}p:*" "${PREFIX}tl:*"
fi

# --- baseline: redis-benchmark on a private redis-server -------------------------------------------
SCRATCH_REDIS_PORT=$(free_port)
redis-server --port "$SCRATCH_REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes \
  --dir "$WORK" --pidfile "$WORK/redis.pid" >/dev/null
for _ in $(seq 50); do redis-cli -p "$SCRATCH_REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
lrange() {
  redis-benchmark -h 127.0.0.1 -p "$SCRATCH_REDIS_PORT" -q -t lrange_100 -n "$REDIS_REQUESTS" "$@" | tr '\r' '\n' \
    | sed -n 's/^LRANGE_100 (first 100 elements): \([0-9.]*\) requests per second, p50=\([0-9.]*\) msec.*/\1 \2/p' | tail -1
}
read -r R50_RPS R50_P50 <<<"$(lrange)"
read -r R64_RPS R64_P50 <<<"$(lrange -c "$CONNECTIONS")"

# --- report ----------------------------------------------------------------------------------------
P50=$(to_ms "$(awk '$1 == "50%" { print $2 }' "$WORK/wrk.txt")")
P99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$WORK/wrk.txt")")
RPS=$(awk '$1 == "Requests/sec:" { print $2 }' "$WORK/wrk.txt")
ONE_P50=$(to_ms "$(awk '$1 == "50%" { print $2 }' "$WORK/wrk1.txt")")
ONE_P99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$WORK/wrk1.txt")")
ONE_RPS=$(awk '$1 == "Requests/sec:" { print $2 }' "$WORK/wrk1.txt")
HEALTH_RPS=$(awk '$1 == "Requests/sec:" { print $2 }' "$WORK/health.txt")
HEALTH_P99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$WORK/health.txt")")
BARE_RPS=$(awk '$1 == "Requests/sec:" { print $2 }' "$WORK/health-bare.txt")
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "machine: $(nproc) processors ($CPU), $(free -h | awk '/^Mem:/ { print $2 }') RAM, $("$JAVA" -version 2>&1 | head -1)"
echo "GET /feed ($PROFILE, $USERS users x $FOLLOWS follows x $POSTS posts, first page of 20), wrk -t$WRK_THREADS -c$CONNECTIONS -d$DURATION:"
echo "  p50 ${P50} ms, p99 ${P99} ms, ${RPS} requests/s (target p99 <= 25 ms: $(awk -v p="$P99" 'BEGIN { print (p <= 25) ? "met" : "NOT met" }'); the first round's <= 5 ms: $(awk -v p="$P99" 'BEGIN { print (p <= 5) ? "met" : "NOT met" }'))"
echo "  one connection (wrk -t1 -c1 -d5s): p50 ${ONE_P50} ms, p99 ${ONE_P99} ms, ${ONE_RPS} requests/s (target p50 <= 1 ms: $(awk -v p="$ONE_P50" 'BEGIN { print (p <= 1) ? "met" : "NOT met" }'))"
echo "GET /health on the same server, the same wrk settings, script and headers: ${HEALTH_RPS} requests/s, p99 ${HEALTH_P99} ms"
echo "  (with no script and no header: ${BARE_RPS} requests/s)"
awk -v ours="$RPS" -v theirs="$HEALTH_RPS" -v bare="$BARE_RPS" 'BEGIN { printf "  ratio: GET /feed %.3fx GET /health (target >= 0.50: %s); %.3fx the bare GET /health\n", ours / theirs, (ours / theirs >= 0.5) ? "met" : "NOT met", ours / bare }'
read -r S0 D0 R0 <<<"$CPU_BEFORE"
read -r S1 D1 R1 <<<"$CPU_AFTER"
awk -v s="$S0 $S1" -v d="$D0 $D1" -v r="$R0 $R1" -v n="$(nproc)" 'BEGIN {
  split(s, a, " "); split(d, b, " "); split(r, c, " ")
  printf "  CPU used during the %s-connection run: server %.1f s, DynamoDB Local %.1f s, Redis %.1f s (of %d processors)\n", \
    "'"$CONNECTIONS"'", a[2] - a[1], b[2] - b[1], c[2] - c[1], n }'
PAGES=$(awk '$2 == "requests" && $3 == "in" { print $1 }' "$WORK/wrk.txt")
awk -v s="$S0 $S1" -v pages="$PAGES" 'BEGIN { split(s, a, " "); printf "  server CPU a page: %.0f us\n", (a[2] - a[1]) * 1e6 / pages }'
awk -v f="$JIT_BEFORE $JIT_AFTER $JIT_HEALTH" -v w="$WARMUP" 'BEGIN {
  split(f, j, " ")
  if (j[1] == "n/a" || j[2] == "n/a" || j[3] == "n/a") { print "  JIT compile time during the runs: n/a (no jstat beside the JDK)"; exit }
  printf "  JIT compile time during the runs (jstat): %.2f s in the GET /feed run, %.2f s in the GET /health run (after %s of warm-up)\n", j[2] - j[1], j[3] - j[2], w }'
# What the pages asked DynamoDB during the run: every counter that moved, but the outbox queries of
# the backlog gauge that the scrape itself refreshes.
LC_ALL=C join -a 2 -e 0 -o 0,1.2,2.2 "$WORK/dynamo-before.txt" "$WORK/dynamo-after.txt" \
  | awk -v pages="$PAGES" '!/fanout_backlog/ && $3 - $2 > 0 { moved = moved sprintf("%s%s: %d", sep, $1, $3 - $2); sep = "; "; total += $3 - $2 }
      END { printf "  DynamoDB requests during the %s-connection run: %d for %d pages (%.4f a page; target 0)%s\n", \
              "'"$CONNECTIONS"'", total, pages, total / pages, (total > 0) ? " [" moved "]" : "" }'
if [[ $PROFILE == polyglot && $COLD_PAGES -gt 0 ]]; then
  echo "$COLD_PAGES pages each, one at a time (curl time_total, a new connection each), with what Redis keeps for the page gone:"
  for label in hot posts windows; do
    P=$(median $(awk '{ printf "%.3f\n", $1 * 1000 }' "$WORK/cold-$label.txt"))
    CALLS=$(LC_ALL=C join -a 2 -e 0 -o 0,1.2,2.2 <(awk '{ print $1 "/" $2, $3 }' "$WORK/cold-$label-before.txt" | LC_ALL=C sort) \
        <(awk '{ print $1 "/" $2, $3 }' "$WORK/cold-$label-after.txt" | LC_ALL=C sort) \
      | awk -v n="$COLD_PAGES" '{ split($1, k, "/"); d = $3 - $2; if (k[2] == "requests_total") c[k[1]] = d; else s[k[1]] = d }
          END { for (p in c) if (c[p] > 0 && p !~ /fanout|backlog/) { printf "%s%s %.2f a page, %.2f ms each", sep, p, c[p] / n, s[p] * 1000 / c[p]; sep = "; " } }')
    case $label in
      hot) WHAT="hot" ;;
      posts) WHAT="cached posts unlinked" ;;
      windows) WHAT="windows and cached posts unlinked" ;;
    esac
    echo "  $WHAT: p50 $P ms; DynamoDB: ${CALLS:-none}"
  done
fi
echo "redis-benchmark -q -t lrange_100 -n $REDIS_REQUESTS (private redis-server, same machine):"
echo "  50 clients: ${R50_RPS} requests/s, p50 ${R50_P50} ms; $CONNECTIONS clients: ${R64_RPS} requests/s, p50 ${R64_P50} ms"
awk -v ours="$RPS" -v theirs="$R64_RPS" -v p="$P50" -v q="$R64_P50" 'BEGIN {
  printf "  ratio at %s connections: throughput %.3fx LRANGE_100 (target >= 0.25: %s), p50 %.1fx LRANGE_100\n", "'"$CONNECTIONS"'", ours / theirs, (ours / theirs >= 0.25) ? "met" : "NOT met", p / q }'

# --- hybrid against pull: feedline bench on the same profile -----------------------------------------
# The reader who follows 500 accounts, 4 of them celebrities, read in hybrid and in pull mode by the
# bench jar built above (its own graph and engines' data; the same Postgres and Redis on polyglot),
# so that one command prints every figure of issue 11's targets. Its raw-engine baselines are left
# out: the ones above are this script's.
if [[ $HYBRID == 1 ]]; then
  BENCH_ARGS=(bench --modes hybrid,pull --raw-followers 0 --redis-requests 0)
  if [[ $PROFILE == polyglot ]]; then
    BENCH_ARGS+=(--profile polyglot --redis-uri "$REDIS_URI"
      --postgres-url "jdbc:postgresql://$POSTGRES_HOST:$POSTGRES_PORT/$POSTGRES_DB" --postgres-user "$POSTGRES_USER")
  fi
  say "feedline ${BENCH_ARGS[*]}"
  "$JAVA" --enable-native-access=ALL-UNNAMED -jar "$BENCH_JAR" "${BENCH_ARGS[@]}" >"$WORK/bench.txt" 2>"$WORK/bench.log" \
    || { tail -20 "$WORK/bench.log" >&2; fail "feedline bench failed"; }
  echo "feedline ${BENCH_ARGS[*]}:"
  grep -e '-followee reader, hybrid vs pull' "$WORK/bench.txt" | sed 's/^- /  /' || fail "feedline bench printed no hybrid-against-pull line"
fi
