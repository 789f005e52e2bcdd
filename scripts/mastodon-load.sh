#!/usr/bin/env bash
# GET /api/v1/timelines/home (Mastodon API) against GET /feed (native API) in the same run, same
# process, same reader and same data: the embedded profile with an in-memory DynamoDB, loopback
# only. One reader follows AUTHORS authors of POSTS posts each; both endpoints return 20 posts a
# page. wrk runs each endpoint ROUNDS times, alternating; the script prints every run, the medians
# and the ratio, then stops the server it started.
#
#   scripts/mastodon-load.sh                     # 64 connections, 10 s, 3 rounds
#   DURATION=20s CONNECTIONS=64 scripts/mastodon-load.sh
#
# Needs: the production jar (mvn -o -q -pl app -am package -DskipTests), a JDK 21+ under
# /usr/lib/jvm (or FEEDLINE_JAVA), curl, jq and wrk.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
WRK_THREADS=${WRK_THREADS:-2}
AUTHORS=${AUTHORS:-12}
POSTS=${POSTS:-4}
ROUNDS=${ROUNDS:-3}
JAR=app/target/feedline-all.jar
WORK=$(mktemp -d "${TMPDIR:-/tmp}/feedline-mastodon-load.XXXXXX")
SERVER=

say() { printf '%s\n' "$*" >&2; }
fail() { say "mastodon-load: $*"; exit 1; }
cleanup() {
  if [[ -n $SERVER ]]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
java_at_least_21() { "$1" -version 2>&1 | grep -Eq 'version "(2[1-9]|[3-9][0-9])'; }

[[ -f $JAR ]] || fail "$JAR is missing: mvn -o -q -pl app -am package -DskipTests"
JAVA=${FEEDLINE_JAVA:-}
if [[ -z $JAVA ]]; then
  for candidate in /usr/lib/jvm/*/bin/java "$(command -v java)"; do
    if [[ -x $candidate ]] && java_at_least_21 "$candidate"; then JAVA=$candidate; break; fi
  done
fi
[[ -n $JAVA ]] || fail "no JDK 21+ found; set FEEDLINE_JAVA"

HTTP_PORT=$(free_port)
MASTODON_PORT=$(free_port)
NATIVE=http://127.0.0.1:$HTTP_PORT
MASTODON=http://127.0.0.1:$MASTODON_PORT
FEEDLINE_HTTP_HOST=127.0.0.1 FEEDLINE_HTTP_PORT=$HTTP_PORT \
  FEEDLINE_MASTODON_ENABLED=true FEEDLINE_MASTODON_PORT=$MASTODON_PORT \
  FEEDLINE_DYNAMODB_IN_MEMORY=true FEEDLINE_DYNAMODB_DATA_DIR="$WORK/data" \
  FEEDLINE_HTTP_RATE_LIMIT_REQUESTS=1000000000 \
  "$JAVA" --enable-native-access=ALL-UNNAMED -jar "$JAR" serve >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 240); do curl -sf "$MASTODON/api/v1/instance" >/dev/null && break; sleep 0.25; done
curl -sf "$MASTODON/api/v1/instance" >/dev/null || fail "the server did not start: $(tail -20 "$WORK/server.log")"

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
warm() { wrk -t1 -c8 -d3s -H "Authorization: Bearer $2" "$1" >/dev/null; }
warm "$NATIVE/feed?limit=20" "$READER"
warm "$MASTODON/api/v1/timelines/home?limit=20" "$MASTO"

NATIVE_RUNS=()
MASTODON_RUNS=()
for round in $(seq "$ROUNDS"); do
  n=$(run native "$NATIVE/feed?limit=20" "$READER")
  m=$(run mastodon "$MASTODON/api/v1/timelines/home?limit=20" "$MASTO")
  say "round $round: GET /feed $n req/s, GET /api/v1/timelines/home $m req/s"
  NATIVE_RUNS+=("$n")
  MASTODON_RUNS+=("$m")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
N=$(median "${NATIVE_RUNS[@]}")
M=$(median "${MASTODON_RUNS[@]}")
echo "GET /feed (native), median of $ROUNDS: $N req/s"
echo "GET /api/v1/timelines/home (Mastodon), median of $ROUNDS: $M req/s"
echo "ratio Mastodon / native: $(awk -v m="$M" -v n="$N" 'BEGIN { printf "%.2f", m / n }')"
echo "machine: $(nproc) processors, $("$JAVA" -version 2>&1 | head -1), $CONNECTIONS connections, $DURATION per run"
