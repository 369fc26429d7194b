#!/usr/bin/env bash
# What NOTIFY costs a short write transaction on PostgreSQL (decision 019): commits per
# second of a one-row insert by 50 clients for 8 s, without and with pg_notify in the same
# statement. PostgreSQL serialises the commits of notifying transactions on the
# notification queue's lock, so the second figure is the ceiling of anything that
# announces every write. Needs pgbench; uses a throwaway database on BENCH_DATABASE_URL's
# server (default postgres://postgres@127.0.0.1:5432/postgres).
set -euo pipefail
server="${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
name="notify_cost_$$"
work="$(mktemp -d)"
trap 'psql "$server" -qc "drop database if exists $name with (force)" >/dev/null; rm -rf "$work"' EXIT
psql "$server" -qc "create database $name"
database="${server%/*}/$name"
psql "$database" -qc "create table notes (id bigserial primary key, body text not null)"
echo "insert into notes (body) values ('x');" >"$work/plain.sql"
echo "with s as (insert into notes (body) values ('x') returning id) select pg_notify('bench', id::text) from s;" >"$work/notify.sql"
for kind in plain notify; do
  printf '%-8s ' "$kind"
  pgbench "$database" -n -c 50 -j 2 -T 8 -f "$work/$kind.sql" 2>/dev/null |
    awk '/latency average/ {lat=$4} /^tps/ {tps=$3} END {printf "%8.0f commits/s  latency average %s ms\n", tps, lat}'
done
