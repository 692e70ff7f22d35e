#!/usr/bin/env bash
# The production folder (npm run build:prod, what the Dockerfile ships) started with
# NODE_ENV=production on a plain PostgreSQL: the system PostgreSQL 15 when present (issue 36).
# The SPA in dist/ is the one the journeys built: rebuilding it here would empty dist/ under the
# benchmark smoke run that serves it at the same time (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
pg_bin=/usr/lib/postgresql/15/bin
run() { npm run build:prod -- --skip-spa && npx vitest run --config vitest.deploy.config.ts test/deploy; }
if [ -x "$pg_bin/initdb" ]; then
  export -f run
  exec bash .ci/with-system-postgres.sh "$pg_bin" bash -c run
else
  run
fi
