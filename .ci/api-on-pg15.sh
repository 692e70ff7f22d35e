#!/usr/bin/env bash
# DESIGN.md §8: production may run an older PostgreSQL than the embedded one; run the migrations and
# the API tests against the system PostgreSQL 15 as well — all but the suites whose outcome does
# not depend on the server's version (docs/decisions/0011-ci-time.md).
set -euo pipefail
cd "$(dirname "$0")/.."
exec bash .ci/with-system-postgres.sh /usr/lib/postgresql/15/bin npm run test:api -- \
  --exclude 'test/server/jobs/*-crash.test.ts' --exclude 'test/server/fuzz/**' \
  --exclude 'server/infra/**' --exclude 'test/server/infra/**' --exclude 'test/server/config/**' \
  --exclude 'test/server/storage/**' --exclude 'test/server/services/**' --exclude 'test/server/schemas/**' \
  --exclude 'test/server/plugins/**'
