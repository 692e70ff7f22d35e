/**
 * Every problem code a 議事録 call can answer (server/lib/minutes/problems.ts, read from the source)
 * has a Japanese message in the SPA (src/api/errors.ts PROBLEM_CODES, kaigi.errors.codes.*).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PROBLEM_CODES } from '../../api/errors';
import { i18nProvider } from '../../providers/i18nProvider';

describe('議事録 problem codes', () => {
  it('each has a Japanese message', () => {
    // vitest runs from the repository's root
    const source = readFileSync(resolve(process.cwd(), 'server/lib/minutes/problems.ts'), 'utf8');
    const codes = new Set([...source.matchAll(/new Problem\(\s*\d+,\s*'(\w+)'/g)].map((m) => m[1]));
    expect(codes.size).toBeGreaterThan(10);
    for (const code of codes) {
      expect(PROBLEM_CODES, code).toContain(code);
      const message = i18nProvider.translate(`kaigi.errors.codes.${code}`);
      expect(message, code).not.toBe(`kaigi.errors.codes.${code}`);
      expect(message, code).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
  });
});
