#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server:
#   bash scripts/with-postgres.sh npx vitest run --project unit server
# Creates a cluster in a temporary directory, starts it on a free port (listening only on a
# unix socket in that directory), creates a database, exports DATABASE_URL, runs the command,
# then stops the server and deletes the directory, whatever the command's outcome.
# Without PostgreSQL's server binaries (Debian package `postgresql`) it prints a note and
# exits 0, so CI on a machine without them still passes.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

bindir=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then bindir="$candidate"; break; fi
done
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
  bindir="$(dirname "$(command -v initdb)")"
fi
if [ -z "$bindir" ]; then
  echo "[with-postgres] no PostgreSQL server binaries (initdb, pg_ctl): skipped: $*"
  exit 0
fi

# initdb and pg_ctl refuse to run as root; as root the cluster belongs to the postgres user.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "[with-postgres] running as root and there is no postgres user to own the cluster" >&2
    exit 1
  fi
  as_owner=(runuser -u postgres --)
  command -v runuser >/dev/null 2>&1 || as_owner=(su postgres -s /bin/sh -c '"$0" "$@"')
fi
run_as_owner() { "${as_owner[@]}" "$@"; }

tmp="$(mktemp -d "${TMPDIR:-/tmp}/assetmark-pg.XXXXXX")"
chmod 755 "$tmp"
[ ${#as_owner[@]} -gt 0 ] && chown postgres "$tmp"
data="$tmp/data"
started=0

cleanup() {
  local status=$?
  if [ "$started" -eq 1 ]; then
    run_as_owner "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A free TCP port number names the socket file (.s.PGSQL.<port>); no TCP listener is opened.
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

run_as_owner "$bindir/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$tmp/initdb.log" 2>&1 \
  || run_as_owner "$bindir/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$tmp/initdb.log" 2>&1 \
  || { cat "$tmp/initdb.log" >&2; exit 1; }

# fsync off and a small shared_buffers: a test cluster trades durability for speed.
run_as_owner "$bindir/pg_ctl" -D "$data" -l "$tmp/server.log" -w -t 60 \
  -o "-p $port -k $tmp -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" \
  start >/dev/null || { cat "$tmp/server.log" >&2; exit 1; }
started=1

"$bindir/createdb" -h "$tmp" -p "$port" -U postgres assetmark_test

export DATABASE_URL="postgresql://postgres@localhost/assetmark_test?host=$(printf '%s' "$tmp" | sed 's|/|%2F|g')&port=$port"
echo "[with-postgres] PostgreSQL $("$bindir/pg_ctl" --version | awk '{print $3}') at $tmp (port $port)"

set +e
"$@"
status=$?
set -e
exit "$status"
