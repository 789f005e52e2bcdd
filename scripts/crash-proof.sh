#!/usr/bin/env bash
# The crash proof, repeated (outside CI): `feedline bench crash`, from the bench module, seeds one
# author with FOLLOWERS followers on DynamoDB Local, then RUNS times publishes a post, SIGKILLs a
# `feedline worker` child JVM at a random point of the fan-out, resumes with a second one and counts,
# over every follower, the feed entries lost and duplicated. Prints the machine, every run and the
# totals; exits 1 if any entry was lost or duplicated.
#
#   scripts/crash-proof.sh                    # 20 runs, 10,000 followers
#   RUNS=5 FOLLOWERS=2000 SEED=7 scripts/crash-proof.sh
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-20}
FOLLOWERS=${FOLLOWERS:-10000}
LEASE=${LEASE:-2s}
MVN_FLAGS=${MVN_FLAGS:-}
ARGS="bench crash --runs $RUNS --followers $FOLLOWERS --lease $LEASE${SEED:+ --seed $SEED}"

echo "machine: $(nproc) processors ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1))"
free -h | sed 's/^/  /'
for jdk in /usr/lib/jvm/*/bin/java; do
  version=$("$jdk" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  if [[ -n $version && $version -ge 21 ]]; then echo "toolchain JDK: $("$jdk" -version 2>&1 | head -1)"; break; fi
done
echo "command: mvn -q -pl bench -am -DskipTests package exec:exec@bench -Dfeedline.args=\"$ARGS\""
# shellcheck disable=SC2086
exec mvn -q $MVN_FLAGS -pl bench -am -DskipTests package exec:exec@bench -Dfeedline.args="$ARGS"
