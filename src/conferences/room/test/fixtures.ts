/** Test data of the staff room (shapes of server/schemas/room.ts) and MSW helpers. */
import { HttpResponse } from 'msw';
import type { Comment, Room, RoomLink } from '../types';

export const ROOM = '*/v1/cci/admin/master/conferences/1/room';

export const room = (overrides: Partial<Room> = {}): Room => ({
  conference: {
    id: 1,
    name: '通常議員総会',
    // 2026/11/21(土) 14:00 in Tokyo
    event_date: '2026-11-21T05:00:00.000Z',
    end_at: '2026-11-21T07:00:00.000Z',
    place: '本館 大ホール',
    description: null,
    attachments: [],
  },
  status: 'waiting',
  kind: 'admin',
  viewer_name: '事務局',
  online_url: null,
  agenda: [
    { title: '開会挨拶', presenter: '会頭', minutes: 5 },
    { title: '議案審議', presenter: null, minutes: 30 },
    { title: '閉会', presenter: null, minutes: null },
  ],
  current_agenda: null,
  stopwatch: { running: false, elapsed_ms: 0, started_at: null, label: 'speaking', server_now: '2026-11-21T05:00:00.000Z' },
  panels: { chat: true, comment: true },
  version: 3,
  last_event_id: 10,
  ...overrides,
});

export const comment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 1,
  body: '資料の3ページについて質問です。',
  sender_kind: 'company',
  sender_name: '山田 太郎',
  sender_org: '株式会社アクメ',
  status: 'new',
  created_at: '2026-11-21T05:10:00.000Z',
  version: 1,
  ...overrides,
});

export const link = (overrides: Partial<RoomLink> = {}): RoomLink => ({
  id: 1,
  kind: 'guest',
  name: '佐藤 講師',
  title: '大学教授',
  conference_member_id: null,
  url: 'https://kaigi.example.jp/room/tok-1',
  expires_at: '2026-11-22T15:00:00.000Z',
  revoked_at: null,
  created_at: '2026-11-20T01:00:00.000Z',
  ...overrides,
});

export const problem = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, code, detail: 'エラー', errors: [], ...extra },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

export const conflict = (currentVersion: number) => problem(409, 'version_conflict', { current_version: currentVersion });
