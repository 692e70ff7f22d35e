/** Room test data in the API's shapes (server/schemas/room.ts) and MSW handlers serving it. */
import { http, HttpResponse } from 'msw';
import type { ChatMessage, Comment, Room, Stopwatch } from '../api';
import { server } from '../../test/server';

/** 2026-11-21 14:05 JST */
export const NOW = new Date('2026-11-21T05:05:00.000Z');

export const stopwatch = (over: Partial<Stopwatch> = {}): Stopwatch => ({
  running: false,
  elapsed_ms: 0,
  started_at: null,
  label: 'speaking',
  server_now: NOW.toISOString(),
  ...over,
});

export const room = (over: Partial<Room> = {}): Room => ({
  conference: {
    id: 10,
    name: '第75回 通常議員総会',
    event_date: '2026-11-21T05:00:00.000Z',
    end_at: '2026-11-21T07:00:00.000Z',
    place: 'デモ商工会議所会館 5階 大ホール',
    description: '議題：\n令和8年度事業計画について',
    attachments: [{ name: '議事次第.pdf', size: 123_456, url: 'https://files.example.jp/agenda.pdf?sig=1' }],
  },
  status: 'open',
  kind: 'company',
  viewer_name: '山田 花子',
  online_url: 'https://meet.example.jp/room/75',
  agenda: [
    { title: '開会挨拶', presenter: '会頭', minutes: 5 },
    { title: '令和8年度事業計画', presenter: '専務理事', minutes: 30 },
    { title: '閉会', presenter: null, minutes: null },
  ],
  current_agenda: 1,
  stopwatch: stopwatch(),
  panels: { chat: true, comment: true },
  version: 3,
  last_event_id: 7,
  ...over,
});

export const chatMessage = (over: Partial<ChatMessage> & Pick<ChatMessage, 'id'>): ChatMessage => ({
  body: 'よろしくお願いします',
  sender_kind: 'admin',
  sender_name: '東京 事務局',
  sender_org: null,
  created_at: '2026-11-21T05:01:00.000Z',
  own: false,
  ...over,
});

export const comment = (over: Partial<Comment> & Pick<Comment, 'id'>): Comment => ({
  body: '資料の3ページについて質問があります',
  sender_kind: 'company',
  sender_name: '山田 花子',
  sender_org: '株式会社アクメ',
  status: 'new',
  created_at: '2026-11-21T05:02:00.000Z',
  version: 1,
  ...over,
});

export interface RoomServer {
  chatPosts: unknown[];
  commentPosts: unknown[];
  tickets: number;
  deleted: string[];
  authorizations: (string | null)[];
}

/**
 * Serves a room at `base` (e.g. /v1/company/conferences/10/room). `chatReply` / `commentReply` may
 * replace the answer to a POST (errors); by default the posted text comes back as the viewer's own.
 */
export const serveRoom = (
  base: string,
  options: {
    room?: Room | (() => Response);
    chat?: ChatMessage[];
    comments?: Comment[];
    chatReply?: (body: string) => Response | undefined | Promise<Response | undefined>;
    commentReply?: (body: string) => Response | undefined;
  } = {},
): RoomServer => {
  const seen: RoomServer = { chatPosts: [], commentPosts: [], tickets: 0, deleted: [], authorizations: [] };
  let nextId = 100;
  const path = `*${base}`;
  server.use(
    http.get(path, ({ request }) => {
      seen.authorizations.push(request.headers.get('authorization'));
      const value = options.room ?? room();
      return typeof value === 'function' ? value() : HttpResponse.json(value);
    }),
    http.get(`${path}/chat`, () => HttpResponse.json({ data: options.chat ?? [] })),
    http.get(`${path}/comments`, () => HttpResponse.json({ data: options.comments ?? [] })),
    http.get(`${path}/polls/current`, () => HttpResponse.json({ poll: null })),
    http.post(`${path}/ticket`, () => {
      seen.tickets += 1;
      return HttpResponse.json({ ticket: `T${seen.tickets}`, expires_at: NOW.toISOString() });
    }),
    http.post(`${path}/chat`, async ({ request }) => {
      seen.authorizations.push(request.headers.get('authorization'));
      const { body } = (await request.json()) as { body: string };
      seen.chatPosts.push(body);
      const reply = await options.chatReply?.(body);
      if (reply) return reply;
      nextId += 1;
      return HttpResponse.json(
        chatMessage({
          id: nextId,
          body,
          sender_kind: 'company',
          sender_name: '山田 花子',
          sender_org: '株式会社アクメ',
          own: true,
        }),
        { status: 201 },
      );
    }),
    http.post(`${path}/comments`, async ({ request }) => {
      const { body } = (await request.json()) as { body: string };
      seen.commentPosts.push(body);
      const reply = options.commentReply?.(body);
      if (reply) return reply;
      nextId += 1;
      return HttpResponse.json(comment({ id: nextId, body }), { status: 201 });
    }),
    http.delete(`${path}/chat/:messageId`, ({ params }) => {
      seen.deleted.push(String(params.messageId));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
};

export const problem = (status: number, code: string, headers: Record<string, string> = {}) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'error', status, code, detail: 'エラー' },
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );

export const COMPANY_BASE = '/v1/company/conferences/10/room';
export const ADMIN_BASE = '/v1/cci/admin/master/conferences/10/room';

/** The meeting page asks for the room (会議室に入る): no room for conference `id` (404). */
export const noCompanyRoom = (id = 10) => http.get(`*/v1/company/conferences/${id}/room`, () => problem(404, 'not_found'));
