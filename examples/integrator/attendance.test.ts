/**
 * The integrator example (issue 32) run as an integrator runs it: over HTTP against the real API on
 * this worker's stack (PostgreSQL, cognito-local), signing in through /config.json's user pool.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/infra/demo-accounts.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { inviteCompany, type ConferencePlan } from './attendance.ts';
import { dataOf, kaigiClient, signIn } from './client.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await buildTestApp();
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app?.close());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const plan = (name: string): ConferencePlan => ({
  name,
  eventDate: inDays(30),
  endAt: inDays(30.1),
  answerDeadline: inDays(20),
  place: '商工会議所会館 3階',
});

it('signs in, invites a company’s current members to a new conference and reads their answers back', async () => {
  const kaigi = kaigiClient(baseUrl, await signIn(baseUrl, 'cci-admin@example.com', DEMO_PASSWORD));
  const name = `連携例 ${Date.now()}`;
  const report = await inviteCompany(kaigi, 'C0001', plan(name));

  // what the example reports is what the API holds
  const conference = dataOf(
    await kaigi.GET('/v1/cci/admin/master/conferences/{id}', { params: { path: { id: report.conference.id } } }),
  );
  expect(conference.name).toBe(name);
  expect(report.company.code).toBe('C0001');
  const members = dataOf(
    await kaigi.GET('/v1/cci/admin/master/conference_members', {
      params: { query: { conference_id: report.conference.id, company_id: report.company.id, page_size: 100 } },
    }),
  );
  expect(report.invited).toBeGreaterThan(0);
  expect(members.meta.total).toBe(report.invited);
  expect(report.answers).toHaveLength(report.invited);
  // nobody has answered a conference made a moment ago: every answer is 未回答 (null), each with its member's name
  expect(report.answers.every((a) => a.answer === null && a.member !== '')).toBe(true);
});

it('a refusal arrives as the API’s Problem, with its status and stable code', async () => {
  const company = kaigiClient(baseUrl, await signIn(baseUrl, 'company-admin@example.com', DEMO_PASSWORD));
  await expect(inviteCompany(company, 'C0001', plan('事業所管理者には作れない'))).rejects.toThrow(/^403 \w+: \S/);
  await expect(signIn(baseUrl, 'cci-admin@example.com', 'not the password')).rejects.toThrow(/sign-in refused: 400/);
});
