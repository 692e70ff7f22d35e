import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { portalMessages } from './test/renderPortal';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });

const lookup = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      portalMessages,
    );

describe('portal messages', () => {
  it('every literal kaigi.* key used by the portal and the password pages has a Japanese text', () => {
    const sources = [...files('src/company'), ...files('src/login')];
    const keys = new Set<string>();
    for (const file of sources) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'(kaigi\.[a-z0-9_.]+[a-z0-9_])'/g)) keys.add(match[1]);
    }
    expect(keys.size).toBeGreaterThan(100);
    const missing = [...keys].filter((key) => typeof lookup(key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('every answer, category and status value the API sends has a label', () => {
    const company = (portalMessages.kaigi as { company: Record<string, Record<string, string>> }).company;
    expect(Object.keys(company.answer).sort()).toEqual(['absent', 'attend', 'delegate', 'none', 'proxy_attend']);
    expect(Object.keys(company.category).sort()).toEqual(['companion', 'principal', 'substitute']);
    expect(Object.keys(company.answer_status).sort()).toEqual(['answered', 'closed', 'partial', 'unanswered']);
    expect(Object.keys(company.conference_status).sort()).toEqual(['cancelled', 'closed', 'draft', 'held', 'published']);
  });
});
