#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway cluster of the given PostgreSQL
# binaries (UTF-8, ICU), as an unprivileged user since initdb refuses root.
set -euo pipefail
pg_bin=$1
shift
dir=$(mktemp -d /tmp/kaigi-pg15-XXXXXX)
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
owner=postgres
id "$owner" >/dev/null 2>&1 || owner=nobody
chown "$owner" "$dir"
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u "$owner" -- "$@"; else "$@"; fi; }
as_owner "$pg_bin/initdb" -D "$dir/data" -U kaigi --encoding=UTF8 --locale=C.UTF-8 --locale-provider=icu --icu-locale=und >/dev/null
cleanup() { as_owner "$pg_bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
as_owner "$pg_bin/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1" -l "$dir/log" -w start >/dev/null
as_owner "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U kaigi kaigi
TEST_DATABASE_URL="postgres://kaigi@127.0.0.1:$port/kaigi" "$@"
