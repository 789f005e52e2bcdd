#!/usr/bin/env bash
# Explore's and the tags' reads against the home feed's at 64 connections, in the same run, same
# process, same data: the embedded profile with an in-memory DynamoDB, loopback only. USERS users
# each follow FOLLOWS others and publish POSTS posts and TAGGED tagged ones (#loadtag0-#loadtag3);
# each user then likes LIKES posts of the others (so the popular ranking has something to rank),
# and the script waits until the popular and trending rankings show (trending is ranked once a
# minute). wrk (with --latency) reads GET /feed?limit=20 (rotating the users' tokens),
# GET /explore/latest?limit=20, GET /explore/popular?window=24h&limit=20, GET /explore/users?limit=20,
# GET /tags/trending and GET /tags?prefix=load, ROUNDS times each, alternating; it prints every run,
# the medians of requests/s, p50 and p99, and each one's ratio against the feed read of the same
# run, then stops the server it started.
#
#   scripts/explore-load.sh                      # 64 connections, 10 s, 3 rounds
#   DURATION=20s CONNECTIONS=64 scripts/explore-load.sh
#
# Needs: the production jar (mvn -o -q -pl app -am package -DskipTests; FEEDLINE_JAR names another jar
# with the same CLI, e.g. bench/target/feedline-bench.jar), a JDK 21+ under
# /usr/lib/jvm (or FEEDLINE_JAVA), curl, jq and wrk.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT_NAME=explore-load
source scripts/lib.sh

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
WRK_THREADS=${WRK_THREADS:-2}
USERS=${USERS:-16}
FOLLOWS=${FOLLOWS:-8}
POSTS=${POSTS:-8}
LIKES=${LIKES:-6}
TAGGED=${TAGGED:-4}
ROUNDS=${ROUNDS:-3}
PASSWORD="explore load password"
JAR=${FEEDLINE_JAR:-app/target/feedline-all.jar}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/feedline-explore-load.XXXXXX")
SERVER=
cleanup() {
  if [[ -n $SERVER ]]; then stop_pids "$SERVER"; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

[[ -f $JAR ]] || fail "$JAR is missing: mvn -o -q -pl app -am package -DskipTests"
find_java
require_tools curl jq
ensure_wrk

PORT=$(free_port)
BASE=http://127.0.0.1:$PORT
FEEDLINE_HTTP_HOST=127.0.0.1 FEEDLINE_HTTP_PORT=$PORT \
  FEEDLINE_DYNAMODB_IN_MEMORY=true FEEDLINE_DYNAMODB_DATA_DIR="$WORK/data" \
  FEEDLINE_HTTP_RATE_LIMIT_REQUESTS=1000000000 FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS=1000000000 \
  FEEDLINE_PASSWORD_MAX_WAIT=10s \
  "$JAVA" --enable-native-access=ALL-UNNAMED -jar "$JAR" serve >"$WORK/server.log" 2>&1 &
SERVER=$!
await_healthy "$BASE" "$WORK/server.log" "$SERVER"

seed_users "$BASE" "explorer"
# Eight clients at a time, waited for by pid: a bare `wait` would wait for the server too.
each_user() { # step
  local i batch=()
  for ((i = 0; i < USERS; i++)); do
    "$1" "$i" &
    batch+=($!)
    if (( ${#batch[@]} == 8 || i == USERS - 1 )); then wait "${batch[@]}" || true; batch=(); fi
  done
}
tag_posts() {
  local i=$1 k
  for ((k = 0; k < TAGGED; k++)); do
    curl -fs -o /dev/null -H "Authorization: Bearer ${TOKENS[i]}" -H 'Content-Type: application/json' \
      -d "{\"text\": \"tagged $k by user $i #loadtag$(( (i + k) % 4 ))\"}" "$BASE/posts"
  done
}
like_posts() {
  local i=$1 other="explorer$(( ($1 + 1) % USERS ))"
  curl -fs "$BASE/users/$other/posts?limit=$LIKES" | jq -r '.items[].id' | while read -r post; do
    curl -fs -o /dev/null -X PUT -H "Authorization: Bearer ${TOKENS[i]}" "$BASE/posts/$post/like"
  done
}
say "each user publishes $TAGGED tagged posts and likes $LIKES posts of others"
each_user tag_posts
each_user like_posts
say "waiting for the popular ranking (refreshed every 10 s)"
for _ in $(seq 120); do
  [[ $(curl -fs "$BASE/explore/popular?window=24h&limit=20" | jq '.items | length') -gt 0 ]] && break
  sleep 0.5
done
[[ $(curl -fs "$BASE/explore/popular?window=24h&limit=20" | jq '.items | length') -gt 0 ]] || fail "the popular ranking stayed empty"
[[ $(curl -fs "$BASE/explore/latest?limit=20" | jq '.items | length') == 20 ]] || fail "explore latest does not hold 20 posts"
say "waiting for the trending ranking (ranked once a minute)"
for _ in $(seq 180); do
  [[ $(curl -fs "$BASE/tags/trending" | jq '.items | length') -gt 0 ]] && break
  sleep 0.5
done
[[ $(curl -fs "$BASE/tags/trending" | jq '.items | length') -gt 0 ]] || fail "the trending ranking stayed empty"
[[ $(curl -fs "$BASE/tags?prefix=load" | jq '.items | length') -gt 0 ]] || fail "autocomplete found no tag"

# A wrk script that rotates the users' tokens, so the feed read is spread over USERS readers.
printf '%s\n' "${TOKENS[@]}" >"$WORK/tokens"
cat >"$WORK/rotate.lua" <<LUA
local tokens = {}
for line in io.lines("$WORK/tokens") do tokens[#tokens + 1] = line end
local i = 0
request = function()
  i = i % #tokens + 1
  return wrk.format("GET", nil, { ["Authorization"] = "Bearer " .. tokens[i] })
end
LUA

run() { # name url [lua] -> "req/s p50ms p99ms"
  local out
  if [[ -n ${3:-} ]]; then
    out=$(wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$3" "$2")
  else
    out=$(wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$2")
  fi
  grep -q "Non-2xx" <<<"$out" && fail "$1 answered errors: $out"
  echo "$(awk '/Requests\/sec/ { print $2 }' <<<"$out") $(to_ms "$(awk '$1 == "50%" { print $2 }' <<<"$out")") $(to_ms "$(awk '$1 == "99%" { print $2 }' <<<"$out")")"
}
NAMES=(feed latest popular users trending autocomplete)
URLS=("$BASE/feed?limit=20" "$BASE/explore/latest?limit=20" "$BASE/explore/popular?window=24h&limit=20" "$BASE/explore/users?limit=20"
  "$BASE/tags/trending" "$BASE/tags?prefix=load")
wrk -t1 -c8 -d3s -s "$WORK/rotate.lua" "${URLS[0]}" >/dev/null 2>&1 || true
for ((k = 1; k < ${#NAMES[@]}; k++)); do wrk -t1 -c8 -d3s "${URLS[k]}" >/dev/null 2>&1 || true; done
declare -A RPS P50 P99
for round in $(seq "$ROUNDS"); do
  line="round $round:"
  for ((k = 0; k < ${#NAMES[@]}; k++)); do
    if (( k == 0 )); then r=$(run "${NAMES[k]}" "${URLS[k]}" "$WORK/rotate.lua"); else r=$(run "${NAMES[k]}" "${URLS[k]}"); fi
    read -r rps p50 p99 <<<"$r"
    RPS[${NAMES[k]}]+="$rps "
    P50[${NAMES[k]}]+="$p50 "
    P99[${NAMES[k]}]+="$p99 "
    line+=" ${NAMES[k]} $rps req/s p50 $p50 ms p99 $p99 ms;"
  done
  say "$line"
done
# shellcheck disable=SC2086
FEED_RPS=$(median ${RPS[feed]}); FEED_P50=$(median ${P50[feed]}); FEED_P99=$(median ${P99[feed]})
echo "medians of $ROUNDS rounds, $CONNECTIONS connections, $DURATION a run, pages of 20:"
for name in "${NAMES[@]}"; do
  # shellcheck disable=SC2086
  rps=$(median ${RPS[$name]}); p50=$(median ${P50[$name]}); p99=$(median ${P99[$name]})
  echo "  $name: $rps req/s ($(awk -v a="$rps" -v b="$FEED_RPS" 'BEGIN { printf "%.2f", a / b }')x feed), p50 $p50 ms ($(awk -v a="$p50" -v b="$FEED_P50" 'BEGIN { printf "%.2f", a / b }')x), p99 $p99 ms ($(awk -v a="$p99" -v b="$FEED_P99" 'BEGIN { printf "%.2f", a / b }')x)"
done
echo "machine: $(nproc) processors, load average $(cut -d' ' -f1-3 /proc/loadavg), $("$JAVA" -version 2>&1 | head -1)"
