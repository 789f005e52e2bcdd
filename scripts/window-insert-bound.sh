#!/usr/bin/env bash
# What Redis itself can do for a window insert, with no JVM in the way: Feedline's own `add` script
# (TimelineScript.ADD, read from the source) sent by redis-benchmark, Redis's C client, to a private
# redis-server, WINDOWS windows a call, each a new member into one of KEYS sorted sets that already
# hold FILL entries each (by default the cap: a reader's window in its steady state, where every
# insert trims one entry); then the same script without the expiry, then without the trim as well,
# then the bare ZADD insert and -t zadd (issue 12's baseline). For each: inserts/s and Redis's own
# CPU per insert (INFO cpu around it). Repeated RUNS times; prints every run and the medians, and
# each rate as a ratio to -t zadd.
#
# A window insert that keeps the cap and the time to live cannot be faster than this from any client:
# the script's figure is the engine's own, from the cheapest client there is.
#
#   scripts/window-insert-bound.sh                 # 3 runs, 20 windows a call, 10,000 keys
#   RUNS=5 WINDOWS=100 CALLS=10000 scripts/window-insert-bound.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT_NAME=window-insert-bound
source scripts/lib.sh

RUNS=${RUNS:-3}
WINDOWS=${WINDOWS:-20}
KEYS=${KEYS:-10000}
CALLS=${CALLS:-50000}
ZADDS=${ZADDS:-1000000}
CAP=800
FILL=${FILL:-$CAP}
TTL_MS=86400000

require_tools redis-server redis-cli redis-benchmark python3

add=$(sed -n '/static final TimelineScript ADD = /,/^            """);/p' \
  adapter-redis-timeline/src/main/java/io/feedline/adapter/redis/TimelineScript.java | sed '1d;$d')
grep -q "call('ZADD'" <<<"$add" && grep -q ZREMRANGEBYRANK <<<"$add" && grep -q PEXPIRE <<<"$add" \
  || fail "could not read the add script from TimelineScript.java"
declare -A BODY=(
  [capped]=$add
  [no_expiry]=$(grep -v PEXPIRE <<<"$add")
  [no_cap]=$(grep -v 'PEXPIRE\|ZREMRANGEBYRANK' <<<"$add")
)
VARIANTS=(capped no_expiry no_cap)

port=$(free_port)
redis-server --bind 127.0.0.1 --port "$port" --save "" --appendonly no --daemonize yes >/dev/null
trap 'redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true' EXIT
for _ in $(seq 50); do [[ $(redis-cli -p "$port" ping 2>/dev/null) == PONG ]] && break; sleep 0.1; done

cpu() { redis-cli -p "$port" info cpu | awk -F: '/^used_cpu_(sys|user):/ { s += $2 } END { printf "%.6f", s }'; }

# KEYS windows of FILL entries each, keyed as redis-benchmark's -r draws them (w:000000001234),
# written by the server itself, 200 windows a call.
fill() {
  redis-cli -p "$port" flushall >/dev/null
  local from
  for ((from = 0; from < KEYS; from += 200)); do
    redis-cli -p "$port" eval "
      for k = tonumber(ARGV[1]), math.min(tonumber(ARGV[2]), tonumber(ARGV[3]) - 1) do
        local key = string.format('w:%012d', k)
        for i = 1, tonumber(ARGV[4]) do redis.call('ZADD', key, i, 'f:' .. i) end
      end" 0 "$from" $((from + 199)) "$KEYS" "$FILL" >/dev/null
  done
}

# Runs redis-benchmark with its arguments; prints "<requests/s> <Redis CPU seconds>".
bench() {
  local before after out
  before=$(cpu)
  out=$(redis-benchmark -h 127.0.0.1 -p "$port" -q -P 16 "$@" 2>&1 | tr '\r' '\n' | grep 'requests per second' | tail -1)
  after=$(cpu)
  [[ -n $out ]] || fail "redis-benchmark printed no rate for: $*"
  echo "$(sed 's/.*: \([0-9.]*\) requests per second.*/\1/' <<<"$out") $(python3 -c "print($after - $before)")"
}

keys=() args=()
for _ in $(seq "$WINDOWS"); do
  keys+=(w:__rand_int__)
  args+=(1 __rand_int__ p:__rand_int__:__rand_int__)
done

echo "machine: $(nproc) processors ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), $(redis-server --version | cut -d' ' -f1-3)"
echo "$WINDOWS windows a call, $CALLS calls, keys drawn from $KEYS holding $FILL entries each, cap $CAP; -t zadd and the bare insert: $ZADDS requests"
echo
echo "| run | variant | inserts/s | Redis CPU per insert | against -t zadd |"
echo "|---|---|---|---|---|"
declare -A RATES CPUS RATIOS
for run in $(seq "$RUNS"); do
  declare -A rate=() micros=()
  for variant in "${VARIANTS[@]}"; do
    fill
    sha=$(redis-cli -p "$port" script load "${BODY[$variant]}")
    read -r calls_per_second cpu_seconds < <(bench -r "$KEYS" -n "$CALLS" evalsha "$sha" "$WINDOWS" "${keys[@]}" "$CAP" "$TTL_MS" "${args[@]}")
    rate[$variant]=$(python3 -c "print(round($calls_per_second * $WINDOWS))")
    micros[$variant]=$(python3 -c "print(f'{$cpu_seconds * 1e6 / ($CALLS * $WINDOWS):.2f}')")
  done
  fill
  read -r r c < <(bench -r "$KEYS" -n "$ZADDS" zadd w:__rand_int__ __rand_int__ m:__rand_int____rand_int__)
  rate[bare_zadd]=${r%.*}; micros[bare_zadd]=$(python3 -c "print(f'{$c * 1e6 / $ZADDS:.2f}')")
  redis-cli -p "$port" flushall >/dev/null
  read -r r c < <(bench -n "$ZADDS" -t zadd)
  rate[t_zadd]=${r%.*}; micros[t_zadd]=$(python3 -c "print(f'{$c * 1e6 / $ZADDS:.2f}')")
  for variant in "${VARIANTS[@]}" bare_zadd t_zadd; do
    ratio=$(python3 -c "print(f'{${rate[$variant]} / ${rate[t_zadd]}:.2f}')")
    echo "| $run | $variant | ${rate[$variant]} | ${micros[$variant]} µs | ${ratio}x |"
    RATES[$variant]+=" ${rate[$variant]}"; CPUS[$variant]+=" ${micros[$variant]}"; RATIOS[$variant]+=" $ratio"
  done
done
for variant in "${VARIANTS[@]}" bare_zadd t_zadd; do
  # shellcheck disable=SC2086
  echo "| **median** | $variant | $(printf "%.0f" "$(median ${RATES[$variant]})") | $(median ${CPUS[$variant]}) µs | **$(median ${RATIOS[$variant]})x** |"
done
echo
echo "Each variant and the bare insert start from the same filled windows (the bare insert never trims them)."
echo "capped: the add script as Feedline sends it (ZADD, the trim to the cap, the expiry); no_expiry: without"
echo "the PEXPIRE; no_cap: without the trim too; bare_zadd: ZADD of a new member, no script; t_zadd: -t zadd,"
echo "which sets one member of one key to the score it has (no insert). Ratios are the medians of each run's."
