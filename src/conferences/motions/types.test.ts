/**
 * The SPA's copies of the vote constants agree with the API contract (server/db/schema.ts), and
 * every problem code a 議案 or 採決 call can answer has its Japanese message (src/api/errors.ts
 * PROBLEM_CODES, kaigi.errors.codes.*): the codes are read from the server's sources.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as schema from '../../../server/db/schema.ts';
import { PROBLEM_CODES } from '../../api/errors';
import { i18nProvider } from '../../providers/i18nProvider';
import { MOTION_RESULTS, MOTION_STATUSES, POLL_METHODS } from './types';

// vitest runs from the repository's root
const source = (path: string) => readFileSync(resolve(process.cwd(), path), 'utf8');

const codesIn = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);

describe('vote constants and problem codes', () => {
  it('match the server', () => {
    expect(MOTION_STATUSES).toEqual(schema.MOTION_STATUSES);
    expect(MOTION_RESULTS).toEqual(schema.MOTION_RESULTS);
    expect(POLL_METHODS).toEqual(schema.POLL_METHODS);
  });

  it('every code of server/lib/votes/problems.ts and of the refused rows has a Japanese message', () => {
    const problems = source('server/lib/votes/problems.ts');
    const codes = new Set([
      ...codesIn(problems, /new Problem\(\s*\d+,\s*'(\w+)'/g),
      ...codesIn(problems, /code === '(\w+)'/g),
      // a refused row's code becomes the problem's code (ballotsRefused, writtenVotesRefused)
      ...codesIn(source('server/repositories/polls.ts'), /code: '(\w+)'/g),
      ...codesIn(source('server/repositories/written-votes.ts'), /code: '(\w+)'/g),
    ]);
    expect(codes.size).toBeGreaterThan(20);
    for (const code of codes) {
      expect(PROBLEM_CODES, code).toContain(code);
      const message = i18nProvider.translate(`kaigi.errors.codes.${code}`);
      expect(message, code).not.toBe(`kaigi.errors.codes.${code}`);
      expect(message, code).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
  });
});
