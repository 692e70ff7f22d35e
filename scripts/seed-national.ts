/**
 * npm run seed:national — national-scale benchmark data (DESIGN.md §9) into DATABASE_URL.
 *
 *   DATABASE_URL=postgres://user:pass@host:5432/db npm run seed:national -- [--scale=1] [--truncate]
 *       [--seed=20260401] [--today=YYYY-MM-DD]
 *
 * --scale=F     fraction of the national size (0 < F ≤ 1; e.g. 0.01 for a quick run). Scales
 *               companies, members, positions and so conference members/companies; the 10 000
 *               conferences are kept at every scale.
 * --truncate    clear every Kaigi table first (TRUNCATE … RESTART IDENTITY CASCADE — the demo
 *               chamber and its users go too). Without it the load refuses to run twice, and
 *               appends after existing rows (e.g. the demo chamber).
 * --seed=N      PRNG seed; the same seed, scale and --today give identical rows.
 * --today=DATE  the day (Asia/Tokyo) conference dates are relative to; default today.
 *
 * The migrations are applied first. Everything loads in one transaction with COPY, keys and
 * indexes rebuilt after the load, then ANALYZE; the tables are locked until it commits, so stop
 * the app first. Full scale: ~11 M rows, a few minutes on 2 cores, ~3 GB.
 *
 * Data: chambers c001 … c515. c001 is the large chamber (80 000 companies, ~20 000 members,
 * ~310 conferences), c002 a typical one (2 000 companies, ~500 members, ~19 conferences).
 * Company codes are C000001 … per chamber.
 *
 * Users (rows in `users` only — no Cognito accounts; a benchmark mints its own tokens with
 * `cognito:username` = the username):
 *   national-large-admin@example.com      CCI_ADMIN            c001
 *   national-large-staff@example.com      CCI_CONFERENCE_USER  c001
 *   national-large-company@example.com    COMPANY_ADMIN        c001, company C000001
 *   national-typical-admin@example.com    CCI_ADMIN            c002
 *   national-typical-staff@example.com    CCI_CONFERENCE_USER  c002
 *   national-typical-company@example.com  COMPANY_ADMIN        c002, company C000001
 * C000001 is the company of the chamber's 会頭: invited to the most conferences, with an e-mail
 * and admin_changed_info_flag '0'. The same list is exported as NATIONAL_USERS from
 * scripts/seed/national.ts.
 */
import { parseArgs } from 'node:util';
import { runMigrations } from '../server/db/migrate.ts';
import { DEFAULT_SEED, seedNational } from './seed/national.ts';

const usage = `usage: DATABASE_URL=postgres://… npm run seed:national -- [--scale=1] [--truncate] [--seed=${DEFAULT_SEED}] [--today=YYYY-MM-DD]`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        scale: { type: 'string', default: '1' },
        truncate: { type: 'boolean', default: false },
        seed: { type: 'string', default: String(DEFAULT_SEED) },
        today: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`seed:national: ${(err as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'seed:national: DATABASE_URL is not set. Point it at the PostgreSQL database to fill, e.g.\n' +
        '  DATABASE_URL=postgres://postgres:password@127.0.0.1:5432/kaigi npm run seed:national -- --scale=0.01\n' +
        '(the embedded server of `npm start` listens on 127.0.0.1 with user postgres / password, database kaigi)',
    );
    return 2;
  }
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  if (!(scale > 0 && scale <= 1)) {
    console.error(`seed:national: --scale must be a number in (0, 1], got ${values.scale}\n${usage}`);
    return 2;
  }
  if (!Number.isSafeInteger(seed)) {
    console.error(`seed:national: --seed must be an integer, got ${values.seed}\n${usage}`);
    return 2;
  }
  if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) {
    console.error(`seed:national: --today must be YYYY-MM-DD, got ${values.today}\n${usage}`);
    return 2;
  }

  console.log(`seed:national → ${redact(databaseUrl)}`);
  await runMigrations(databaseUrl);
  await seedNational(databaseUrl, { scale, seed, truncate: values.truncate, today: values.today });
  return 0;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`seed:national failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
