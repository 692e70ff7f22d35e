/**
 * `KAIGI_URL=http://127.0.0.1:8080 KAIGI_EMAIL=cci-admin@example.com KAIGI_PASSWORD=… npx tsx examples/integrator/main.ts C0001`
 * against a running Kaigi (`npm start` for the local one): invites company C0001's members to a
 * new conference two weeks ahead and prints who has answered what.
 */
import { kaigiClient, signIn } from './client.ts';
import { inviteCompany } from './attendance.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const inDays = (n: number, hour: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  d.setUTCHours(hour - 9, 0, 0, 0); // hour in Asia/Tokyo
  return d.toISOString();
};

const baseUrl = env('KAIGI_URL');
const kaigi = kaigiClient(baseUrl, await signIn(baseUrl, env('KAIGI_EMAIL'), env('KAIGI_PASSWORD')));
const report = await inviteCompany(kaigi, process.argv[2] ?? 'C0001', {
  name: `連携テスト会議 ${new Date().toISOString().slice(0, 16)}`,
  eventDate: inDays(14, 14),
  endAt: inDays(14, 16),
  answerDeadline: inDays(7, 17),
  place: '商工会議所会館',
});
console.log(JSON.stringify(report, null, 2));
