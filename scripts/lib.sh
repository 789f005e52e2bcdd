# Shell functions the load scripts share; source it, do not run it. The sourcing script sets
# SCRIPT_NAME (for messages) before it calls say or fail.
#
#   source "$(dirname "$0")/lib.sh"

say() { printf '%s\n' "$*" >&2; }
fail() { say "${SCRIPT_NAME:-feedline}: $*"; exit 1; }

# A loopback port nothing listens on right now (another process could still take it: use it at once).
free_port() {
  local port
  for _ in $(seq 50); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  fail "no free port found"
}

java_at_least_21() {
  local version
  version=$("$1" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  [[ -n $version && $version -ge 21 ]]
}

# Sets JAVA to FEEDLINE_JAVA, or to the first JDK 21+ under /usr/lib/jvm or on PATH.
find_java() {
  JAVA=${FEEDLINE_JAVA:-}
  if [[ -z $JAVA ]]; then
    local candidate
    for candidate in /usr/lib/jvm/*/bin/java "$(command -v java)"; do
      if [[ -x $candidate ]] && java_at_least_21 "$candidate"; then JAVA=$candidate; break; fi
    done
  fi
  [[ -n $JAVA ]] || fail "no JDK 21+ found; set FEEDLINE_JAVA"
}

# wrk from the Debian packages when it is missing.
ensure_wrk() {
  command -v wrk >/dev/null && return
  say "installing wrk from the Debian packages"
  local sudo=()
  [[ $EUID -eq 0 ]] || sudo=(sudo -n)
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null \
    || { "${sudo[@]}" apt-get update -qq >/dev/null && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
}

require_tools() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || fail "$tool is not on PATH"
  done
}

# CPU seconds a process has used so far (user + system), from /proc/<pid>/stat; 0 if it is gone.
cpu_seconds() {
  awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$1/stat" 2>/dev/null || echo 0
}

# Seconds the JIT compilers of a JVM have spent so far (jstat, from the JDK of $JAVA), or "n/a".
# The figure of a load run moved by more than a few tenths of a second means the server was still
# compiling its hot paths: its throughput was not yet the steady state's.
jit_seconds() {
  local jstat
  jstat="$(dirname "$JAVA")/jstat"
  [[ -x $jstat ]] || { echo n/a; return; }
  "$jstat" -compiler "$1" 2>/dev/null | awk 'NR == 2 { print $4; found = 1 } END { if (!found) print "n/a" }'
}

# Ends the processes whose pids are given: SIGTERM, up to ten seconds, then SIGKILL.
stop_pids() {
  local pid
  for pid in "$@"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "$@"; do
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
}

# Waits until GET <base>/health answers 2xx, or fails naming the log to read (at once if the
# process, when its pid is given, has exited).
await_healthy() {
  local base=$1 log=$2 pid=${3:-}
  for _ in $(seq 900); do
    curl -fs "$base/health" >/dev/null 2>&1 && return
    if [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null; then fail "the process for $base exited: $(tail -3 "$log")"; fi
    sleep 0.1
  done
  fail "$base did not become healthy (see $log)"
}

# wrk prints 812.00us, 1.23ms or 2.01s; this prints milliseconds.
to_ms() {
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'
}

# The median of the numbers given as arguments.
# Whether a WARMUP duration asks for a warm-up (0 and 0s do not).
wants_warmup() { [[ $1 != 0 && $1 != 0s ]]; }

median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# A compact JSON document built by jq from its arguments.
json() { jq -cn "$@"; }

# Registers USERS users named <prefix><i> with PASSWORD through the server at $1 (the odd ones
# through $3 when a second server is given, so that both servers' hashing slots work), has each
# follow FOLLOWS others and publish POSTS posts, eight clients at a time, and sets TOKENS[i] to user
# i's bearer token. Needs USERS, FOLLOWS, POSTS, PASSWORD and WORK (a scratch directory); fails
# with the first errors if any step did.
seed_users() {
  local base=$1 prefix=$2 other=${3:-$1}
  # POST <on><path> with <body> until it answers one of <statuses> (up to five tries, a pause
  # between them: a 503 for a hashing slot on a loaded machine passes); the answer goes to <file>.
  _post_until() { # on path body file statuses...
    local on=$1 path=$2 body=$3 file=$4 attempt code
    shift 4
    for attempt in 1 2 3 4 5; do
      code=$(curl -s -o "$file" -w '%{http_code}' -H 'Content-Type: application/json' -d "$body" "$on$path") || code=000
      [[ " $* " == *" $code "* ]] && return 0
      sleep "$attempt"
    done
    return 1
  }
  _register() {
    local i=$1 name="${prefix}$1" on=$base
    (( i % 2 == 1 )) && on=$other
    # The answers are kept ($WORK/signup.<i>, $WORK/login.<i>) for the failure message. A 409 is
    # this user's own earlier try, which succeeded after its answer was lost.
    _post_until "$on" /users "$(json --arg u "$name" --arg p "$PASSWORD" '{username:$u, email:($u+"@load.example"), password:$p}')" \
      "$WORK/signup.$i" 201 409 || true
    _post_until "$on" /sessions "$(json --arg u "$name" --arg p "$PASSWORD" '{username:$u, password:$p}')" \
      "$WORK/login.$i" 201 || true
    jq -r '.token // empty' "$WORK/login.$i" >"$WORK/token.$i" 2>/dev/null || true
  }
  # A follow is idempotent and a publish carries an Idempotency-Key, so either is tried again (up to
  # five times) when a loaded machine's engines answer too late (503 storage-unavailable).
  _retry() {
    local attempt
    for attempt in 1 2 3 4 5; do
      "$@" && return 0
      sleep "$attempt"
    done
    return 1
  }
  _befriend() {
    local i=$1 k
    for ((k = 1; k <= FOLLOWS; k++)); do
      _retry curl -fs -o /dev/null -X PUT -H "Authorization: Bearer ${TOKENS[i]}" "$base/users/${prefix}$(( (i + k * 7) % USERS ))/follow" \
        || echo "user $i: follow $k failed" >>"$WORK/errors"
    done
  }
  _publish() {
    local i=$1 k
    for ((k = 0; k < POSTS; k++)); do
      _retry curl -fs -o /dev/null -H "Authorization: Bearer ${TOKENS[i]}" -H 'Content-Type: application/json' \
        -H "Idempotency-Key: seed-${prefix}$i-$k" -d "$(json --arg t "post $k by user $i" '{text:$t}')" "$base/posts" \
        || echo "user $i: post $k failed" >>"$WORK/errors"
    done
  }
  # Eight clients at a time; `wait` on their pids only, since the engines run in the background too.
  _in_batches() {
    local step=$1 i batch=()
    for ((i = 0; i < USERS; i++)); do
      "$step" "$i" &
      batch+=($!)
      if (( ${#batch[@]} == 8 || i == USERS - 1 )); then wait "${batch[@]}" || true; batch=(); fi
    done
  }
  say "registering $USERS users, $FOLLOWS follows and $POSTS posts each"
  _in_batches _register
  local i
  TOKENS=()
  for ((i = 0; i < USERS; i++)); do
    [[ -s $WORK/token.$i ]] || fail "user $i got no token; sign-up answered $(head -c 300 "$WORK/signup.$i" 2>/dev/null), login $(head -c 300 "$WORK/login.$i" 2>/dev/null)"
    TOKENS[i]=$(cat "$WORK/token.$i")
  done
  _in_batches _befriend
  _in_batches _publish
  [[ ! -s $WORK/errors ]] || fail "seeding failed: $(head -3 "$WORK/errors")"
}

# Starts a server, `"$@"` in the background with its output appended to <log>, and waits until
# GET <url> answers 2xx; sets SERVER to its pid. One that exits first (on a loaded machine an
# embedded DynamoDB Local can miss the start-up check's 10 s: `storage unavailable`, exit 3) is
# started again, up to three times in all. Give environment settings through `env`.
start_until_healthy() { # url log command...
  local url=$1 log=$2 attempt
  shift 2
  for attempt in 1 2 3; do
    "$@" >>"$log" 2>&1 &
    SERVER=$!
    for _ in $(seq 1200); do
      curl -fs "$url" >/dev/null 2>&1 && return 0
      kill -0 "$SERVER" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$SERVER" 2>/dev/null; then
      stop_pids "$SERVER"
      fail "$url did not answer within 2 minutes (see $log)"
    fi
    say "${SCRIPT_NAME:-feedline}: the server exited at start (attempt $attempt of 3): $(tail -1 "$log")"
  done
  fail "the server exited at start three times (see $log)"
}
