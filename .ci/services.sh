#!/usr/bin/env bash
# Makes sure the engines the tests talk to are up: Postgres on 127.0.0.1:5432 (database "test",
# user "postgres", trust auth on loopback) and Redis on 127.0.0.1:6379, and that Node.js and npm
# are installed (mastodon-tests drives the Mastodon API with masto.js), and Chromium (its OAuth page
# is tested in a headless browser). Starts what is installed,
# installs what is missing (Debian/Ubuntu), and does nothing when all are there.
# Prints one line per service saying what it did.
set -euo pipefail

PG_HOST=127.0.0.1
PG_PORT=5432
REDIS_HOST=127.0.0.1
REDIS_PORT=6379
WAIT_SECONDS=60

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

as_postgres() {
  if [[ $EUID -eq 0 ]]; then runuser -u postgres -- "$@"; else sudo -n -u postgres "$@"; fi
}

apt_install() {
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

fail() {
  echo "services: $*" >&2
  exit 1
}

wait_for() {
  local what=$1 check=$2
  for ((i = 0; i < WAIT_SECONDS * 2; i++)); do
    if "$check"; then return 0; fi
    sleep 0.5
  done
  fail "$what did not come up within ${WAIT_SECONDS}s"
}

# --- Postgres ---------------------------------------------------------------------------------

postgres_ready() {
  if command -v pg_isready >/dev/null; then
    pg_isready -q -h "$PG_HOST" -p "$PG_PORT"
  else
    (exec 3<>"/dev/tcp/$PG_HOST/$PG_PORT") 2>/dev/null
  fi
}

# Trust over TCP, as the tests connect: no password is set, so none has to be kept anywhere.
postgres_trusts_loopback() {
  psql -w -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -tAc 'SELECT 1' >/dev/null 2>&1
}

postgres_cluster_version() {
  [[ -d /etc/postgresql ]] && ls /etc/postgresql | head -1
}

PG_DID=""
pg_did() {
  PG_DID+="${PG_DID:+; }$*"
}

ensure_postgres() {
  if postgres_ready; then
    pg_did "already up on $PG_HOST:$PG_PORT"
  else
    local version
    version=$(postgres_cluster_version || true)
    if [[ -z $version ]]; then
      apt_install postgresql
      version=$(postgres_cluster_version || true)
      [[ -n $version ]] || fail "postgresql installed but no cluster under /etc/postgresql"
      pg_did "installed postgresql $version"
    fi
    # The package may have started the cluster itself; start it only if it is still down.
    if ! postgres_ready; then
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start \
        || fail "pg_ctlcluster could not start cluster $version/main (is it on another port than $PG_PORT?)"
      pg_did "started cluster $version/main"
    fi
    wait_for "postgres on $PG_HOST:$PG_PORT" postgres_ready
  fi

  if ! postgres_trusts_loopback; then
    local hba
    hba=$(as_postgres psql -tAc 'SHOW hba_file') || fail "cannot reach postgres over its local socket to fix auth"
    # First matching line wins: put loopback trust above the packaged password rules.
    as_root sed -i -e '1i host all all 127.0.0.1/32 trust' -e '1i host all all ::1/128 trust' "$hba"
    as_postgres psql -tAc 'SELECT pg_reload_conf()' >/dev/null
    wait_for "trust auth on $PG_HOST" postgres_trusts_loopback
    pg_did "enabled trust auth for loopback in $hba"
  fi

  if [[ $(psql -w -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -tAc \
      "SELECT 1 FROM pg_database WHERE datname = 'test'") != 1 ]]; then
    psql -w -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -qc 'CREATE DATABASE test' >/dev/null
    pg_did "created database test"
  else
    pg_did "database test present"
  fi

  echo "postgres: $PG_DID"
}

# --- Redis ------------------------------------------------------------------------------------

redis_ready() {
  if command -v redis-cli >/dev/null; then
    [[ $(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]]
  else
    # A subshell, since a failed redirection on exec may end a non-interactive shell.
    (
      exec 3<>"/dev/tcp/$REDIS_HOST/$REDIS_PORT" || exit 1
      printf 'PING\r\n' >&3
      read -r -t 2 reply <&3 || exit 1
      [[ $reply == +PONG* ]]
    ) 2>/dev/null
  fi
}

start_redis() {
  redis-server --daemonize yes --bind "$REDIS_HOST" --port "$REDIS_PORT" --save "" --appendonly no >/dev/null
}

ensure_redis() {
  if redis_ready; then
    echo "redis: already up on $REDIS_HOST:$REDIS_PORT"
    return
  fi
  local did=""
  if ! command -v redis-server >/dev/null; then
    apt_install redis-server
    did="installed redis-server; "
  fi
  # The package may have started a server itself; start one only if it is still down.
  if ! redis_ready; then
    start_redis
    did+="started redis-server on $REDIS_HOST:$REDIS_PORT (no persistence)"
  else
    did+="up on $REDIS_HOST:$REDIS_PORT"
  fi
  wait_for "redis on $REDIS_HOST:$REDIS_PORT" redis_ready
  echo "redis: $did"
}

# --- Node.js (the Mastodon API's client tests run masto.js under Node) ------------------------

ensure_node() {
  if command -v node >/dev/null && command -v npm >/dev/null; then
    echo "node: already installed ($(node --version), npm $(npm --version 2>/dev/null))"
    return
  fi
  apt_install nodejs npm
  command -v node >/dev/null && command -v npm >/dev/null || fail "node and npm are still missing after installing them"
  echo "node: installed $(node --version)"
}

# --- Chromium (the OAuth sign-in page is tested in a real headless browser) ----------------------

ensure_chromium() {
  if [[ -x /usr/bin/chromium ]]; then
    echo "chromium: already installed ($(/usr/bin/chromium --version 2>/dev/null))"
    return
  fi
  apt_install chromium
  [[ -x /usr/bin/chromium ]] || fail "chromium is still missing after installing it"
  echo "chromium: installed $(/usr/bin/chromium --version 2>/dev/null)"
}

ensure_postgres
ensure_redis
ensure_node
ensure_chromium
