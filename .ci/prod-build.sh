#!/usr/bin/env bash
# The production folder (npm run build:prod, what the Dockerfile ships) started with
# NODE_ENV=production on a plain PostgreSQL: the system PostgreSQL 15 when present (issue 36).
set -euo pipefail
cd "$(dirname "$0")/.."
# .ci/run calls this after npm test, whose journeys built this clone's SPA into dist/: not twice.
[ -f dist/index.html ] && export KAIGI_SKIP_SPA_BUILD=1
pg_bin=/usr/lib/postgresql/15/bin
if [ -x "$pg_bin/initdb" ]; then
  exec bash .ci/with-system-postgres.sh "$pg_bin" npm run test:prod-build
fi
exec npm run test:prod-build
