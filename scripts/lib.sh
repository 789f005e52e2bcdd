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
median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
