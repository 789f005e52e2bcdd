#!/usr/bin/env bash
# GET /api/v1/timelines/home (Mastodon API) against GET /feed (native API) in the same run, same
# process, same reader and same data: the embedded profile with an in-memory DynamoDB, loopback
# only. One reader follows AUTHORS authors of POSTS posts each; both endpoints return 20 posts a
# page. wrk runs each endpoint ROUNDS times, alternating; the script prints every run, the medians
# and the ratio, then stops the server it started.
#
#   scripts/mastodon-load.sh                     # 64 connections, 10 s, 3 rounds
#   DURATION=20s CONNECTIONS=64 scripts/mastodon-load.sh
#   WARMUP=0 scripts/mastodon-load.sh            # no warm-up (by default each endpoint is loaded for 20 s first)
#
# Before the measured rounds each endpoint is loaded for WARMUP at the measured connection count,
# so that both are measured with their hot paths compiled (see scripts/http-load.sh).
#
# Needs: the production jar (mvn -o -q -pl app -am package -DskipTests), a JDK 21+ under
# /usr/lib/jvm (or FEEDLINE_JAVA), curl and jq. wrk is installed from the Debian packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT_NAME=mastodon-load
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-20s}
CONNECTIONS=${CONNECTIONS:-64}
WRK_THREADS=${WRK_THREADS:-2}
AUTHORS=${AUTHORS:-12}
POSTS=${POSTS:-4}
ROUNDS=${ROUNDS:-3}
JAR=app/target/feedline-all.jar
WORK=$(mktemp -d "${TMPDIR:-/tmp}/feedline-mastodon-load.XXXXXX")
SERVER=

cleanup() {
  if [[ -n $SERVER ]]; then stop_pids "$SERVER"; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

[[ -f $JAR ]] || fail "$JAR is missing: mvn -o -q -pl app -am package -DskipTests"
ensure_wrk
require_tools wrk curl jq
find_java

HTTP_PORT=$(free_port)
MASTODON_PORT=$(free_port)
NATIVE=http://127.0.0.1:$HTTP_PORT
MASTODON=http://127.0.0.1:$MASTODON_PORT
start_until_healthy "$MASTODON/api/v1/instance" "$WORK/server.log" \
  env FEEDLINE_HTTP_HOST=127.0.0.1 FEEDLINE_HTTP_PORT="$HTTP_PORT" \
  FEEDLINE_MASTODON_ENABLED=true FEEDLINE_MASTODON_PORT="$MASTODON_PORT" \
  FEEDLINE_DYNAMODB_IN_MEMORY=true FEEDLINE_DYNAMODB_DATA_DIR="$WORK/data" \
  FEEDLINE_HTTP_RATE_LIMIT_REQUESTS=1000000000 FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS=1000000000 \
  "$JAVA" --enable-native-access=ALL-UNNAMED -jar "$JAR" serve

post_json() { curl -sf -X "$1" "$NATIVE$2" -H 'Content-Type: application/json' ${3:+-H "Authorization: Bearer $3"} ${4:+-d "$4"}; }
signup() { post_json POST /users "" "{\"username\":\"$1\",\"email\":\"$1@example.org\",\"password\":\"$1 password words\",\"displayName\":\"$1\"}" >/dev/null; }
login() { post_json POST /sessions "" "{\"username\":\"$1\",\"password\":\"$1 password words\"}" | jq -r .token; }

say "seeding: 1 reader, $AUTHORS authors x $POSTS posts"
signup reader
READER=$(login reader)
for a in $(seq "$AUTHORS"); do
  signup "author_$a"
  TOKEN=$(login "author_$a")
  post_json PUT "/users/author_$a/follow" "$READER" >/dev/null
  for p in $(seq "$POSTS"); do post_json POST /posts "$TOKEN" "{\"text\":\"post $p of author $a\"}" >/dev/null; done
done
APP=$(curl -sf "$MASTODON/api/v1/apps" -d client_name=load -d redirect_uris=urn:ietf:wg:oauth:2.0:oob -d scopes=read)
MASTO=$(curl -sf "$MASTODON/oauth/token" -d grant_type=password -d "client_id=$(jq -r .client_id <<<"$APP")" \
  -d "client_secret=$(jq -r .client_secret <<<"$APP")" -d username=reader -d 'password=reader password words' -d scope=read | jq -r .access_token)
EXPECTED=$(( AUTHORS * POSTS < 20 ? AUTHORS * POSTS : 20 ))
for _ in $(seq 120); do
  [[ $(curl -sf "$NATIVE/feed?limit=20" -H "Authorization: Bearer $READER" | jq '.items | length') == "$EXPECTED" ]] && break
  sleep 0.25
done
[[ $(curl -sf "$MASTODON/api/v1/timelines/home?limit=20" -H "Authorization: Bearer $MASTO" | jq length) == "$EXPECTED" ]] \
  || fail "the Mastodon home timeline does not hold $EXPECTED statuses"

run() { # name url token -> requests/s
  local out
  out=$(wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" -H "Authorization: Bearer $3" "$2")
  grep -q "Non-2xx" <<<"$out" && fail "$1 answered errors: $out"
  awk '/Requests\/sec/ { print $2 }' <<<"$out"
}
warm() { wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$WARMUP" -H "Authorization: Bearer $2" "$1" >/dev/null; }
if wants_warmup "$WARMUP"; then
  warm "$NATIVE/feed?limit=20" "$READER"
  warm "$MASTODON/api/v1/timelines/home?limit=20" "$MASTO"
fi

NATIVE_RUNS=()
MASTODON_RUNS=()
for round in $(seq "$ROUNDS"); do
  n=$(run native "$NATIVE/feed?limit=20" "$READER")
  m=$(run mastodon "$MASTODON/api/v1/timelines/home?limit=20" "$MASTO")
  say "round $round: GET /feed $n req/s, GET /api/v1/timelines/home $m req/s"
  NATIVE_RUNS+=("$n")
  MASTODON_RUNS+=("$m")
done
N=$(median "${NATIVE_RUNS[@]}")
M=$(median "${MASTODON_RUNS[@]}")
echo "GET /feed (native), median of $ROUNDS: $N req/s"
echo "GET /api/v1/timelines/home (Mastodon), median of $ROUNDS: $M req/s"
echo "ratio Mastodon / native: $(awk -v m="$M" -v n="$N" 'BEGIN { printf "%.2f", m / n }')"
echo "machine: $(nproc) processors, $("$JAVA" -version 2>&1 | head -1), $CONNECTIONS connections, $DURATION per run"
