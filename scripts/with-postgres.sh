#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL: a new cluster in a temp folder, reached by a unix socket there (no
# port, no system cluster touched), database `wrs_spec` (UTF-8, collation C and character classes C.UTF-8, as PGlite),
# TEST_DATABASE_URL exported; stopped and removed on exit.
#   bash scripts/with-postgres.sh npm run test:server
# Needs Debian's `postgresql` package (binaries in /usr/lib/postgresql/<version>/bin; PG_BIN overrides). As root the
# cluster runs as the `postgres` OS user, since PostgreSQL refuses to run as root.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: bash scripts/with-postgres.sh <command> [args...]" >&2; exit 2; }

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: no PostgreSQL binaries found (apt-get install postgresql, or set PG_BIN)" >&2
  exit 1
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/wrs-postgres.XXXXXX")
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$dir"
  as_owner() { runuser -u postgres -- "$@"; }
fi
stop() {
  as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
# A CI timeout's SIGTERM (or Ctrl+C) ends the script through exit, so the cluster is stopped and removed too.
trap 'exit 143' TERM
trap 'exit 130' INT

as_owner "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --lc-collate=C >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
# Specs only: no TCP listener, and durability traded for speed.
as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-c listen_addresses= -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null ||
  { cat "$dir/server.log" >&2; exit 1; }
as_owner "$PG_BIN/createdb" -h "$dir" -U postgres wrs_spec

export TEST_DATABASE_URL="postgresql://postgres@localhost/wrs_spec?host=$dir"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') at $dir (TEST_DATABASE_URL set)"
status=0
"$@" || status=$?
exit $status
