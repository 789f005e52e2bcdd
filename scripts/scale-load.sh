#!/usr/bin/env bash
# Throughput of one and of two processes: GET /feed with 1 and 2 `feedline serve` processes, and
# publish + fan-out with 1 serve + 1 `feedline worker` against 2 serve + 2 workers, on the polyglot
# profile on this machine (DynamoDB Local from the production jar in a process of its own, users on
# Postgres, timelines and the post cache on a private redis-server). All four processes run for the
# whole script; a 1-process measurement sends no traffic to the second server and holds the second
# worker with SIGSTOP (only while the outbox is empty, so it holds no job). The configurations
# alternate within each of RUNS rounds, so drift on this shared machine hits both alike. Prints each
# run, the medians, the 2-process/1-process ratios, CPU seconds per process for every run, and heap
# and threads of a server and a worker at rest and under load.
#
#   scripts/scale-load.sh                         # 3 rounds, 15 s per measurement, 32 connections
#   RUNS=3 DURATION=15s CONNECTIONS=32 scripts/scale-load.sh
#
# Needs: a JDK 21+ under /usr/lib/jvm (or FEEDLINE_JAVA) with jcmd, Maven, curl, jq, psql,
# redis-server and redis-cli; Postgres on POSTGRES_HOST:POSTGRES_PORT (trust auth). wrk is installed
# from the Debian packages when missing. SKIP_BUILD=1 uses app/target/feedline-all.jar as it is
# (or the jar FEEDLINE_JAR names).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT_NAME=scale-load
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

RUNS=${RUNS:-3}
DURATION=${DURATION:-15s}
CONNECTIONS=${CONNECTIONS:-32}
WRK_THREADS=${WRK_THREADS:-2}
USERS=${USERS:-64}
FOLLOWS=${FOLLOWS:-12}
POSTS=${POSTS:-4}
POSTGRES_HOST=${POSTGRES_HOST:-127.0.0.1}
POSTGRES_PORT=${POSTGRES_PORT:-5432}
POSTGRES_DB=${POSTGRES_DB:-test}
POSTGRES_USER=${POSTGRES_USER:-postgres}
MVN_FLAGS=${MVN_FLAGS:-}

TAG=$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')
WORK=$(mktemp -d "${TMPDIR:-/tmp}/feedline-scale.XXXXXX")
SCHEMA="feedline_scale_$TAG"
PIDS=()

cleanup() {
  local status=$?
  [[ -n ${W2:-} ]] && kill -CONT "$W2" 2>/dev/null || true
  stop_pids "${PIDS[@]}"
  if [[ -n ${REDIS_PORT:-} ]]; then redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true; fi
  psql -w -q -h "$POSTGRES_HOST" -p "$POSTGRES_PORT" -U "$POSTGRES_USER" -d "$POSTGRES_DB" \
    -c "DROP SCHEMA IF EXISTS $SCHEMA CASCADE" >/dev/null 2>&1 || say "scale-load: could not drop schema $SCHEMA"
  if [[ $status -ne 0 ]]; then say "scale-load: failed; logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

ensure_wrk
require_tools wrk curl jq psql redis-server redis-cli mvn
find_java
JCMD="$(dirname "$JAVA")/jcmd"
[[ -x $JCMD ]] || fail "no jcmd beside $JAVA"

if [[ ${SKIP_BUILD:-0} != 1 ]]; then
  say "building the production jar"
  # shellcheck disable=SC2086
  mvn -q $MVN_FLAGS -pl app -am -DskipTests package >"$WORK/build.log" 2>&1 \
    || { cat "$WORK/build.log" >&2; fail "build failed"; }
fi
JAR=${FEEDLINE_JAR:-$PWD/app/target/feedline-all.jar}
[[ -f $JAR ]] || fail "no $JAR; build it or drop SKIP_BUILD"

# --- engines ---------------------------------------------------------------------------------------
DYNAMO_PORT=$(free_port)
"$JAVA" -jar "$JAR" dynamodb-local --port "$DYNAMO_PORT" --in-memory >"$WORK/dynamodb.log" 2>&1 &
DYNAMO=$!
PIDS+=("$DYNAMO")
for _ in $(seq 300); do grep -q 'listening on' "$WORK/dynamodb.log" && break; sleep 0.1; done
grep -q 'listening on' "$WORK/dynamodb.log" || fail "DynamoDB Local did not start (see $WORK/dynamodb.log)"

REDIS_PORT=$(free_port)
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes \
  --dir "$WORK" --pidfile "$WORK/redis.pid" >/dev/null
for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
REDIS=$(cat "$WORK/redis.pid")

# --- Feedline processes ----------------------------------------------------------------------------
export FEEDLINE_PROFILE=polyglot FEEDLINE_HTTP_HOST=127.0.0.1 \
  FEEDLINE_HTTP_RATE_LIMIT_REQUESTS=1000000000 FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS=1000000000 \
  FEEDLINE_TOKEN_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
  FEEDLINE_DYNAMODB_ENDPOINT="http://127.0.0.1:$DYNAMO_PORT" FEEDLINE_DYNAMODB_TABLE="scale-$TAG" \
  FEEDLINE_POSTGRES_URL="jdbc:postgresql://$POSTGRES_HOST:$POSTGRES_PORT/$POSTGRES_DB" \
  FEEDLINE_POSTGRES_USER="$POSTGRES_USER" FEEDLINE_POSTGRES_SCHEMA="$SCHEMA" \
  FEEDLINE_REDIS_URI="redis://127.0.0.1:$REDIS_PORT" \
  FEEDLINE_WORKER_IN_PROCESS=0
# On a machine this loaded, the default Redis bounds (1 s to connect, 500 ms a command) end
# processes at start and fail reads under load; the figures are about throughput, not those bounds.
# Sign-ups wait for a password-hashing slot instead of answering 503 (one slot per process here),
# and the request deadline (10 s by default) is longer than that wait: at a load average of 20 a
# sign-up's two hashes and its writes took longer than 10 s, were interrupted mid-write and
# answered 503, and the seeding stopped at a user with no token.
export FEEDLINE_REDIS_CONNECT_TIMEOUT=${FEEDLINE_REDIS_CONNECT_TIMEOUT:-10s} \
  FEEDLINE_REDIS_COMMAND_TIMEOUT=${FEEDLINE_REDIS_COMMAND_TIMEOUT:-5s} \
  FEEDLINE_PASSWORD_MAX_WAIT=${FEEDLINE_PASSWORD_MAX_WAIT:-60s} \
  FEEDLINE_HTTP_REQUEST_TIMEOUT=${FEEDLINE_HTTP_REQUEST_TIMEOUT:-120s}
# Each sets LAST to the pid it started (not echoed: a command substitution would lose PIDS).
serve() { # name port
  FEEDLINE_HTTP_PORT=$2 "$JAVA" -jar "$JAR" serve >"$WORK/$1.log" 2>&1 &
  LAST=$!
  PIDS+=("$LAST")
}
worker() { # name
  "$JAVA" -jar "$JAR" worker >"$WORK/$1.log" 2>&1 &
  LAST=$!
  PIDS+=("$LAST")
}
# The table and the schema first, as a deployment does; a process that gets no answer from
# DynamoDB within its timeout exits, which a loaded machine can cause, so init is tried again.
for attempt in 1 2 3 4 5; do
  "$JAVA" -jar "$JAR" init >>"$WORK/init.log" 2>&1 && break
  [[ $attempt -lt 5 ]] || fail "feedline init failed 5 times (see $WORK/init.log)"
  sleep 2
done
# A server that got no answer from DynamoDB in time at start (exit 3) is started again, up to 3 times.
serve_healthy() { # name port
  local attempt
  for attempt in 1 2 3; do
    serve "$1" "$2"
    for _ in $(seq 1200); do
      curl -fs "http://127.0.0.1:$2/health" >/dev/null 2>&1 && return
      kill -0 "$LAST" 2>/dev/null || break
      sleep 0.1
    done
    say "$1 did not come up (attempt $attempt): $(tail -1 "$WORK/$1.log")"
    stop_pids "$LAST"
  done
  fail "$1 did not start (see $WORK/$1.log)"
}
P1=$(free_port)
serve_healthy serve-1 "$P1"; S1=$LAST
P2=$(free_port)
serve_healthy serve-2 "$P2"; S2=$LAST
# Workers once the table exists. A worker that got no answer from DynamoDB in time at start exits
# (exit 3), as a server does: it is started again, up to 3 times, until it says its loops run.
worker_running() { # name
  local attempt
  for attempt in 1 2 3; do
    worker "$1"
    for _ in $(seq 1200); do
      grep -q 'worker loop(s) running' "$WORK/$1.log" && return
      kill -0 "$LAST" 2>/dev/null || break
      sleep 0.1
    done
    kill -0 "$LAST" 2>/dev/null && fail "$1 did not start its loops within 2 minutes (see $WORK/$1.log)"
    say "$1 exited at start (attempt $attempt): $(tail -1 "$WORK/$1.log")"
  done
  fail "$1 did not start (see $WORK/$1.log)"
}
worker_running worker-1; W1=$LAST
worker_running worker-2; W2=$LAST
B1="http://127.0.0.1:$P1"
B2="http://127.0.0.1:$P2"
say "up: serve $B1 (pid $S1), serve $B2 (pid $S2), workers pid $W1 and $W2, DynamoDB Local pid $DYNAMO, redis-server pid $REDIS"

# --- users, follows, posts (sign-ups through both servers, the rest through server 1; the workers
# fan out) ------------------------------------------------------------------------------------------
PASSWORD="scale-load-$TAG"
seed_users "$B1" "s${TAG}_" "$B2"

backlog() { curl -fs "$B1/metrics" | sed -n 's/^feedline_fanout_backlog_jobs[^ ]* \([0-9.eE+]*\)$/\1/p' | head -1; }
# Drained: a sentinel post published now is in a follower's feed, and no job waits in the outbox.
SENTINELS=0
await_drained() {
  local sentinel follower
  SENTINELS=$((SENTINELS + 1))
  sentinel=$(curl -fs -H "Authorization: Bearer ${TOKENS[0]}" -H 'Content-Type: application/json' \
    -d "$(json --arg t "sentinel $SENTINELS" '{text:$t}')" "$B1/posts" | jq -r .id)
  # User 0 is followed by the users i with (i + 7k) % USERS == 0; 64 - 7 = 57 is one of them.
  follower=$(( (USERS - 7) % USERS ))
  for _ in $(seq 6000); do
    kill -0 "$W1" 2>/dev/null || fail "worker-1 exited: $(tail -1 "$WORK/worker-1.log")"
    kill -0 "$W2" 2>/dev/null || fail "worker-2 exited: $(tail -1 "$WORK/worker-2.log")"
    if curl -fs -H "Authorization: Bearer ${TOKENS[follower]}" "$B1/feed?limit=1" | jq -e --arg s "$sentinel" '.items[0].id == $s' >/dev/null \
      && [[ $(backlog) == 0* ]]; then
      return
    fi
    sleep 0.1
  done
  fail "the fan-out did not drain within 10 minutes"
}
await_drained

# --- load ------------------------------------------------------------------------------------------
{
  printf 'tokens = {'
  for ((i = 0; i < USERS; i++)); do printf '"%s",' "${TOKENS[i]}"; done
  printf '}\n'
  cat <<'LUA'
local n = math.random(1, 1000)
request = function()
  n = n + 1
  return wrk.format("GET", "/feed?limit=20", { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] })
end
LUA
} >"$WORK/feed.lua"
{
  printf 'tokens = {'
  for ((i = 0; i < USERS; i++)); do printf '"%s",' "${TOKENS[i]}"; done
  printf '}\n'
  cat <<'LUA'
local n = math.random(1, 1000)
request = function()
  n = n + 1
  return wrk.format("POST", "/posts", { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1],
    ["Content-Type"] = "application/json" }, '{"text":"load post ' .. n .. '"}')
end
LUA
} >"$WORK/publish.lua"

NAMES=(serve-1 serve-2 worker-1 worker-2 dynamodb redis postgres)
postgres_cpu() { # all postgres processes together
  local total=0 pid
  for pid in $(pgrep -x postgres || true); do total=$(awk -v a="$total" -v b="$(cpu_seconds "$pid")" 'BEGIN { print a + b }'); done
  echo "$total"
}
cpu_all() { echo "$(cpu_seconds "$S1") $(cpu_seconds "$S2") $(cpu_seconds "$W1") $(cpu_seconds "$W2") $(cpu_seconds "$DYNAMO") $(cpu_seconds "$REDIS") $(postgres_cpu)"; }
cpu_delta() { # before after seconds -> "name cores ..." as a share of one core over the measurement
  awk -v a="$1" -v b="$2" -v s="$3" -v n="${NAMES[*]}" 'BEGIN {
    split(a, x, " "); split(b, y, " "); split(n, names, " ")
    for (i = 1; i <= length(names); i++) printf "%s %.2f  ", names[i], (y[i] - x[i]) / s
  }'
}
seconds_of() { awk -v d="$DURATION" 'BEGIN { n = d + 0; if (d ~ /m$/) n *= 60; print n }'; }
SECONDS_PER_RUN=$(seconds_of)
# Heap in use and committed (jcmd GC.heap_info) and platform threads (/proc) of one process.
footprint() {
  local first used committed
  first=$("$JCMD" "$1" GC.heap_info 2>/dev/null | sed -n '2p')
  used=$(sed -n 's/.*used \([0-9]*\)K.*/\1/p' <<<"$first")
  committed=$(sed -n 's/.*committed \([0-9]*\)K.*/\1/p' <<<"$first")
  [[ -n $committed ]] || committed=$(sed -n 's/.*total \([0-9]*\)K.*/\1/p' <<<"$first")
  printf 'heap used %d MiB of %d MiB committed, %d threads, RSS %d MiB' $((${used:-0} / 1024)) $((${committed:-0} / 1024)) \
    "$(awk '/^Threads:/ { print $2 }' "/proc/$1/status")" "$(awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$1/status")"
}
requests_of() { awk '$2 == "requests" && $3 == "in" { print $1 }' "$1"; }
rps_of() { awk '$1 == "Requests/sec:" { print $2 }' "$1"; }
check_2xx() {
  local f non
  for f in "$@"; do
    non=$(sed -n 's/^ *Non-2xx or 3xx responses: *\([0-9]*\)/\1/p' "$f")
    [[ -z $non ]] || fail "$non responses in $f were not 2xx"
    grep -q 'Socket errors' "$f" && say "note: $(grep 'Socket errors' "$f") in $f"
  done
  return 0
}

AT_REST_SERVE=$(footprint "$S1")
AT_REST_WORKER=$(footprint "$W1")
say "warming up: 10 s of feed reads on each server"
wrk -t1 -c8 -d10s -s "$WORK/feed.lua" "$B1" >/dev/null &
WARMING=$!
wrk -t1 -c8 -d10s -s "$WORK/feed.lua" "$B2" >/dev/null
# That wrk only: a bare `wait` also waits for every engine and Feedline process this shell started,
# which run until the end, and so never returned (why no run reached the rounds).
wait "$WARMING"

feed_run() { # processes run
  local out=$WORK/feed-$1-$2 before after
  before=$(cpu_all)
  if [[ $1 == 1 ]]; then
    wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$WORK/feed.lua" "$B1" >"$out.a"
    FEED_RPS=$(rps_of "$out.a")
    check_2xx "$out.a"
  else
    wrk -t1 -c$((CONNECTIONS / 2)) -d"$DURATION" --latency -s "$WORK/feed.lua" "$B1" >"$out.a" &
    local first=$!
    [[ $2 == 1 ]] && { sleep "$((SECONDS_PER_RUN / 2))"; footprint "$S1" >"$WORK/serve-under-load"; } &
    wrk -t1 -c$((CONNECTIONS / 2)) -d"$DURATION" --latency -s "$WORK/feed.lua" "$B2" >"$out.b"
    wait "$first"
    FEED_RPS=$(awk -v x="$(rps_of "$out.a")" -v y="$(rps_of "$out.b")" 'BEGIN { printf "%.2f", x + y }')
    check_2xx "$out.a" "$out.b"
  fi
  after=$(cpu_all)
  echo "GET /feed, $1 serve: $FEED_RPS requests/s; CPU (cores): $(cpu_delta "$before" "$after" "$SECONDS_PER_RUN")"
}

publish_run() { # processes run
  local out=$WORK/publish-$1-$2 before after start end requests
  if [[ $1 == 1 ]]; then kill -STOP "$W2"; fi
  before=$(cpu_all)
  start=$(date +%s.%N)
  if [[ $1 == 1 ]]; then
    wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" -s "$WORK/publish.lua" "$B1" >"$out.a"
    requests=$(requests_of "$out.a")
    check_2xx "$out.a"
  else
    wrk -t1 -c$((CONNECTIONS / 2)) -d"$DURATION" -s "$WORK/publish.lua" "$B1" >"$out.a" &
    local first=$!
    [[ $2 == 1 ]] && { sleep "$((SECONDS_PER_RUN / 2))"; footprint "$W1" >"$WORK/worker-under-load"; } &
    wrk -t1 -c$((CONNECTIONS / 2)) -d"$DURATION" -s "$WORK/publish.lua" "$B2" >"$out.b"
    wait "$first"
    requests=$(( $(requests_of "$out.a") + $(requests_of "$out.b") ))
    check_2xx "$out.a" "$out.b"
  fi
  await_drained
  end=$(date +%s.%N)
  after=$(cpu_all)
  if [[ $1 == 1 ]]; then kill -CONT "$W2"; fi
  ACCEPTED=$(awk -v r="$requests" -v s="$SECONDS_PER_RUN" 'BEGIN { printf "%.2f", r / s }')
  FANNED=$(awk -v r="$requests" -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", r / (b - a) }')
  echo "publish, $1 serve + $1 worker: $requests posts in $DURATION = $ACCEPTED posts/s accepted; all fanned out ($((FOLLOWS + 1)) feeds each) after $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s = $FANNED posts/s end to end; CPU (cores): $(cpu_delta "$before" "$after" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")"
}

declare -a FEED1 FEED2 ACC1 ACC2 FAN1 FAN2
for ((run = 1; run <= RUNS; run++)); do
  say "round $run of $RUNS"
  feed_run 1 "$run"; FEED1+=("$FEED_RPS")
  feed_run 2 "$run"; FEED2+=("$FEED_RPS")
  publish_run 1 "$run"; ACC1+=("$ACCEPTED"); FAN1+=("$FANNED")
  publish_run 2 "$run"; ACC2+=("$ACCEPTED"); FAN2+=("$FANNED")
done

# --- report ----------------------------------------------------------------------------------------
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'; }
M_FEED1=$(median "${FEED1[@]}"); M_FEED2=$(median "${FEED2[@]}")
M_ACC1=$(median "${ACC1[@]}"); M_ACC2=$(median "${ACC2[@]}")
M_FAN1=$(median "${FAN1[@]}"); M_FAN2=$(median "${FAN2[@]}")
echo "machine: $(nproc) processors ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), $(free -h | awk '/^Mem:/ { print $2 }') RAM, load average before the rounds $(cut -d' ' -f1-3 /proc/loadavg), $("$JAVA" -version 2>&1 | head -1)"
echo "polyglot, $USERS users x $FOLLOWS follows; wrk $CONNECTIONS connections in all, $DURATION per measurement, medians of $RUNS:"
echo "  GET /feed (first page of 20):       1 serve ${M_FEED1} req/s, 2 serve ${M_FEED2} req/s, ratio $(ratio "$M_FEED1" "$M_FEED2")  [${FEED1[*]} | ${FEED2[*]}]"
echo "  POST /posts accepted:               1+1 ${M_ACC1} posts/s, 2+2 ${M_ACC2} posts/s, ratio $(ratio "$M_ACC1" "$M_ACC2")  [${ACC1[*]} | ${ACC2[*]}]"
echo "  publish + fan-out, end to end:      1+1 ${M_FAN1} posts/s, 2+2 ${M_FAN2} posts/s, ratio $(ratio "$M_FAN1" "$M_FAN2")  [${FAN1[*]} | ${FAN2[*]}]"
echo "per process: serve at rest: $AT_REST_SERVE; serve under 2-serve feed load: $(cat "$WORK/serve-under-load" 2>/dev/null || echo ?)"
echo "             worker at rest: $AT_REST_WORKER; worker under 2+2 publish load: $(cat "$WORK/worker-under-load" 2>/dev/null || echo ?)"
