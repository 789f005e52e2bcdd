#!/usr/bin/env bash
# Streaming fan-out: STREAMS Mastodon `user` streams (WebSocket) of STREAMS followers of one
# author; the author publishes POSTS posts one at a time, and each stream's receipt of each post is
# timed from the moment its publish was sent (so it includes the publish, the fan-out and the
# delivery). One server, the embedded profile in memory, loopback only. MODE=push fans the author
# out (1,000 followers is far under the celebrity threshold); MODE=celebrity sets the threshold
# under the follower count, so the posts reach the streams as a celebrity's, merged at read time.
#
#   scripts/stream-load.sh                         # 1,000 streams, 20 posts, push
#   MODE=celebrity STREAMS=1000 scripts/stream-load.sh
#
# Needs: the production jar (mvn -o -q -pl app -am package -DskipTests), a JDK 21+ under
# /usr/lib/jvm (or FEEDLINE_JAVA), curl, node and npm (the ws client comes from mastodon-tests).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT_NAME=stream-load
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

STREAMS=${STREAMS:-1000}
POSTS=${POSTS:-20}
MODE=${MODE:-push}
JAR=app/target/feedline-all.jar
WORK=$(mktemp -d "${TMPDIR:-/tmp}/feedline-stream-load.XXXXXX")
SERVER=

cleanup() {
  if [[ -n $SERVER ]]; then stop_pids "$SERVER"; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

[[ -f $JAR ]] || fail "$JAR is missing: mvn -o -q -pl app -am package -DskipTests"
require_tools curl node npm
find_java
[[ -d mastodon-tests/node_modules/ws ]] || (cd mastodon-tests && npm ci --silent)
case $MODE in
  push) THRESHOLD=10000 ;;
  celebrity) THRESHOLD=$(( STREAMS / 2 )) ;;
  *) fail "MODE must be push or celebrity" ;;
esac

HTTP_PORT=$(free_port)
MASTODON_PORT=$(free_port)
start_until_healthy "http://127.0.0.1:$MASTODON_PORT/api/v1/instance" "$WORK/server.log" \
  env FEEDLINE_HTTP_HOST=127.0.0.1 FEEDLINE_HTTP_PORT="$HTTP_PORT" \
  FEEDLINE_MASTODON_ENABLED=true FEEDLINE_MASTODON_PORT="$MASTODON_PORT" \
  FEEDLINE_DYNAMODB_IN_MEMORY=true FEEDLINE_DYNAMODB_DATA_DIR="$WORK/data" \
  FEEDLINE_FANOUT_CELEBRITY_THRESHOLD="$THRESHOLD" FEEDLINE_PASSWORD_MAX_WAIT=60s \
  FEEDLINE_HTTP_RATE_LIMIT_REQUESTS=1000000000 FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS=1000000000 \
  "$JAVA" --enable-native-access=ALL-UNNAMED -jar "$JAR" serve

say "stream-load: $STREAMS streams, $POSTS posts, mode $MODE (celebrity threshold $THRESHOLD)"
NATIVE="http://127.0.0.1:$HTTP_PORT" MASTODON="http://127.0.0.1:$MASTODON_PORT" \
  STREAMS="$STREAMS" POSTS="$POSTS" node scripts/stream-load.mjs
