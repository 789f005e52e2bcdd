#!/usr/bin/env bash
# Sign-up burst: BURST concurrent POST /users, each with a name of its own, against the production
# jar on the embedded profile (in memory, on loopback), as an honest crowd arriving at once. The
# per-address credentials limit is opened wide (all come from one address here), so only the bound
# on password hashes and its queue (password.max-concurrent-hashes, .max-queued, .max-wait) decide
# who is served. Prints how they were answered and the burst's wall time; the script stops the
# server and removes what it wrote.
#
#   scripts/signup-burst.sh                       # 64 sign-ups at once
#   BURST=200 scripts/signup-burst.sh             # more than password.max-queued: the rest are shed
#   MAX_WAIT=250ms MAX_QUEUED=0 scripts/signup-burst.sh
#
# Needs: a JDK 21+ under /usr/lib/jvm (or FEEDLINE_JAVA), Maven, curl and xargs.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT_NAME=signup-burst
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

BURST=${BURST:-64}
SERVER_JAVA_OPTS=${SERVER_JAVA_OPTS--Xms1g -Xmx1g}
MAX_WAIT=${MAX_WAIT:-}
MAX_QUEUED=${MAX_QUEUED:-}
MVN_FLAGS=${MVN_FLAGS:-}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/feedline-signups.XXXXXX")
SERVER=

cleanup() {
  local status=$?
  stop_pids ${SERVER:+"$SERVER"}
  if [[ $status -ne 0 ]]; then say "signup-burst: failed; logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

require_tools curl xargs mvn
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
  FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS=1000000000 \
  ${MAX_WAIT:+FEEDLINE_PASSWORD_MAX_WAIT="$MAX_WAIT"} \
  ${MAX_QUEUED:+FEEDLINE_PASSWORD_MAX_QUEUED="$MAX_QUEUED"} \
  "$JAVA" --enable-native-access=ALL-UNNAMED $SERVER_JAVA_OPTS -jar "$APP_JAR" serve

# One sign-up first, unmeasured: the first hash loads and compiles the hashing code.
curl -fs -o /dev/null -X POST "$BASE/users" -H 'Content-Type: application/json' \
  -d '{"username":"warmup","email":"warmup@burst.example","password":"correct horse battery"}'

sign_up() {
  curl -s -o /dev/null -w '%{http_code} %{time_total}\n' --max-time 30 -X POST "$1/users" \
    -H 'Content-Type: application/json' \
    -d "{\"username\":\"burst_$2\",\"email\":\"burst_$2@burst.example\",\"password\":\"correct horse battery\"}"
}
export -f sign_up

say "burst: $BURST sign-ups at once"
start=$(date +%s.%N)
seq "$BURST" | xargs -P "$BURST" -I{} bash -c 'sign_up "$0" "$1"' "$BASE" {} >"$WORK/answers.txt"
end=$(date +%s.%N)

echo "machine: $(nproc) processors; java: $("$JAVA" -version 2>&1 | head -1); server options: ${SERVER_JAVA_OPTS:-none}"
echo "password admission: max-wait ${MAX_WAIT:-default}, max-queued ${MAX_QUEUED:-default}"
awk '{ n[$1]++ } END { for (s in n) printf "HTTP %s: %d\n", s, n[s] }' "$WORK/answers.txt" | sort
sort -k2 -n "$WORK/answers.txt" | awk '{ t[NR] = $2 } END { printf "answer time: p50 %.2f s, slowest %.2f s\n", t[int(NR / 2) + 1], t[NR] }'
awk -v s="$start" -v e="$end" 'BEGIN { printf "burst wall time: %.2f s\n", e - s }'
