#!/usr/bin/env bash
# Login flood: FLOOD concurrent connections send wrong-password POST /sessions (for many usernames,
# as from many addresses: the per-address and per-username limits are opened wide, so only the
# bound on concurrent password hashes stands between the flood and the server) while another user
# reads GET /feed on READERS connections. Prints that reader's p50 and p99 (wrk --latency), the
# server's resident set before the flood and at its peak during it (VmRSS, sampled every 100 ms),
# and how the flood's requests were answered. The server is the production jar on the embedded
# profile, in memory, on loopback; the script stops it and removes what it wrote.
#
#   scripts/login-flood.sh                        # 1,000 flood connections, 4 readers, 20 s
#   FLOOD=1000 READERS=4 DURATION=20s scripts/login-flood.sh
#   HASH_SLOTS=2 scripts/login-flood.sh           # password.max-concurrent-hashes (default: auto)
#   WARMUP=0 scripts/login-flood.sh               # flood a cold server (by default the same flood and
#                                                 # reads run for 20 s first, unmeasured)
#   SERVER_JAVA_OPTS= scripts/login-flood.sh      # the JVM's default heap (by default a fixed 1 GiB)
#
# Needs: a JDK 21+ under /usr/lib/jvm (or FEEDLINE_JAVA), Maven, curl and jq. wrk is installed from
# the Debian packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT_NAME=login-flood
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

DURATION=${DURATION:-20s}
WARMUP=${WARMUP:-20s}
# The server's heap as README's "Run it" advises for production: fixed and touched at start, so a
# burst can't grow it. SERVER_JAVA_OPTS= (empty) runs the JVM's default heap instead.
SERVER_JAVA_OPTS=${SERVER_JAVA_OPTS--Xms1g -Xmx1g -XX:+AlwaysPreTouch}
FLOOD=${FLOOD:-1000}
READERS=${READERS:-4}
HASH_SLOTS=${HASH_SLOTS:-auto}
MVN_FLAGS=${MVN_FLAGS:-}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/feedline-flood.XXXXXX")
PIDS=()
SERVER=

cleanup() {
  local status=$?
  stop_pids ${SERVER:+"$SERVER"} "${PIDS[@]}"
  if [[ $status -ne 0 ]]; then say "login-flood: failed; logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

ensure_wrk
require_tools wrk curl jq mvn
ulimit -n 65536 2>/dev/null || ulimit -n 4096 2>/dev/null || true
find_java

APP_JAR=${APP_JAR:-app/target/feedline-all.jar}
if [[ ! -f $APP_JAR ]]; then
  say "building $APP_JAR"
  mvn -q $MVN_FLAGS -pl app -am -DskipTests package >/dev/null
fi

PORT=$(free_port)
BASE="http://127.0.0.1:$PORT"
start_until_healthy "$BASE/health" "$WORK/server.log" \
  env FEEDLINE_HTTP_HOST=127.0.0.1 FEEDLINE_HTTP_PORT="$PORT" \
  FEEDLINE_DYNAMODB_IN_MEMORY=true \
  FEEDLINE_HTTP_RATE_LIMIT_REQUESTS=1000000000 \
  FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS=1000000000 \
  FEEDLINE_HTTP_RATE_LIMIT_FAILED_LOGINS_REQUESTS=1000000000 \
  FEEDLINE_PASSWORD_MAX_CONCURRENT_HASHES="$HASH_SLOTS" \
  "$JAVA" --enable-native-access=ALL-UNNAMED $SERVER_JAVA_OPTS -jar "$APP_JAR" serve

PASSWORD="correct horse battery"
register() {
  curl -fs -X POST "$BASE/users" -H 'Content-Type: application/json' \
    -d "$(json --arg u "$1" --arg p "$PASSWORD" '{username:$u, email:($u+"@flood.example"), password:$p}')" >/dev/null
}
login() {
  curl -fs -X POST "$BASE/sessions" -H 'Content-Type: application/json' \
    -d "$(json --arg u "$1" --arg p "$PASSWORD" '{username:$u, password:$p}')" | jq -r .token
}
register reader; register author
READER=$(login reader); AUTHOR=$(login author)
curl -fs -X PUT "$BASE/users/author/follow" -H "Authorization: Bearer $READER" >/dev/null
for i in $(seq 20); do
  curl -fs -X POST "$BASE/posts" -H "Authorization: Bearer $AUTHOR" -H 'Content-Type: application/json' \
    -d "{\"text\":\"post $i\"}" >/dev/null
done
sleep 2 # the in-process worker fans the posts out
curl -fs "$BASE/feed" -H "Authorization: Bearer $READER" >/dev/null

cat >"$WORK/flood.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, '{"username":"flood_' .. (n % 5000) .. '","password":"not the password"}')
end
LUA

if wants_warmup "$WARMUP"; then
  # The same load first, so that the measured flood meets a server whose hot paths are compiled
  # (scripts/http-load.sh explains why): the JIT alone took a third of the CPU of a cold flood.
  say "warm-up: the same flood and reads for $WARMUP, unmeasured"
  wrk -t1 -c"$FLOOD" -d"$WARMUP" --timeout 30s -s "$WORK/flood.lua" "$BASE/sessions" >/dev/null 2>&1 &
  WARM_PID=$!
  wrk -t1 -c"$READERS" -d"$WARMUP" --timeout 30s -H "Authorization: Bearer $READER" "$BASE/feed" >/dev/null 2>&1
  wait "$WARM_PID" || true
fi

rss_kib() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$SERVER/status"; }
RSS_BEFORE=$(rss_kib)
( peak=0; while kill -0 "$SERVER" 2>/dev/null; do r=$(rss_kib); [[ -n $r && $r -gt $peak ]] && { peak=$r; echo "$peak" >"$WORK/rss.peak"; }; sleep 0.1; done ) &
PIDS+=("$!")

say "flood: $FLOOD connections of bad logins for $DURATION, $READERS connections reading /feed"
wrk -t1 -c"$FLOOD" -d"$DURATION" --timeout 30s -s "$WORK/flood.lua" "$BASE/sessions" >"$WORK/flood.txt" 2>&1 &
FLOOD_PID=$!
sleep 1
wrk -t1 -c"$READERS" -d"$DURATION" --timeout 30s --latency -H "Authorization: Bearer $READER" "$BASE/feed" >"$WORK/feed.txt" 2>&1
wait "$FLOOD_PID" || true
sleep 0.3
RSS_PEAK=$(cat "$WORK/rss.peak" 2>/dev/null || echo "$RSS_BEFORE")

p50=$(awk '$1=="50%"{print $2}' "$WORK/feed.txt")
p99=$(awk '$1=="99%"{print $2}' "$WORK/feed.txt")
feed_requests=$(awk '/requests in/{print $1}' "$WORK/feed.txt")
feed_non2xx=$(awk '/Non-2xx/{print $NF}' "$WORK/feed.txt")
flood_requests=$(awk '/requests in/{print $1}' "$WORK/flood.txt")
flood_non2xx=$(awk '/Non-2xx/{print $NF}' "$WORK/flood.txt")

echo "machine: $(nproc) processors; java: $("$JAVA" -version 2>&1 | head -1); server options: ${SERVER_JAVA_OPTS:-none}; warm-up: $WARMUP"
echo "GET /feed while flooded: p50 $p50, p99 $p99, $feed_requests requests, ${feed_non2xx:-0} not 2xx"
echo "flood: $flood_requests POST /sessions answered (${flood_non2xx:-0} not 2xx: 401 wrong password or 503 overloaded)"
awk -v b="$RSS_BEFORE" -v p="$RSS_PEAK" 'BEGIN { printf "server RSS: %.0f MiB before, %.0f MiB peak, growth %.0f MiB\n", b/1024, p/1024, (p-b)/1024 }'
