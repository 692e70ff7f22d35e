/**
 * `npm run build:prod`: the runnable production folder `build/prod` (issue 36), the same the
 * Dockerfile copies into the image: the built SPA (`dist/`), the server and the shared `access/`
 * module without their tests, the package files and the production dependencies only
 * (`npm ci --omit=dev`). Start it with `NODE_ENV=production node --import tsx server/main.ts`
 * (README, Deploy to AWS); test/deploy/prod-build.test.ts does.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const PROD_DIR = path.join(ROOT, 'build/prod');
/** What the running server reads: its code, the shared module, the SPA, the package files. */
const CONTENTS = ['package.json', 'package-lock.json', '.npmrc', 'server', 'access', 'dist'];
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, stdio: 'inherit' });

// --skip-spa (or KAIGI_SKIP_SPA_BUILD=1, .ci/prod-build.sh): dist/ is already this tree's build
const skipSpa = process.argv.includes('--skip-spa') || process.env.KAIGI_SKIP_SPA_BUILD === '1';
if (!skipSpa) npm(['run', 'build'], ROOT);
rmSync(PROD_DIR, { recursive: true, force: true });
for (const entry of CONTENTS) {
  cpSync(path.join(ROOT, entry), path.join(PROD_DIR, entry), { recursive: true, filter: (src) => !isTest(src) });
}
npm(['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], PROD_DIR);
console.log(`[build:prod] ${path.relative(process.cwd(), PROD_DIR) || '.'} is ready`);
