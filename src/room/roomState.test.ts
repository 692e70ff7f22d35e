import { initialRoomState, roomReducer, type RoomState } from './roomState';
import { chatMessage, comment, room, stopwatch } from './test/fixtures';

const loaded = (): RoomState =>
  roomReducer(initialRoomState, {
    type: 'loaded',
    room: room(),
    chat: [chatMessage({ id: 2 }), chatMessage({ id: 1 })],
    comments: [comment({ id: 1 })],
    receivedAt: Date.parse(room().stopwatch.server_now) - 500,
  });
const event = (state: RoomState, kind: string, data: unknown, receivedAt = 0) =>
  roomReducer(state, { type: 'event', kind, data, receivedAt });

describe('the room state and its events (server/schemas/room.ts ROOM_EVENT_KINDS)', () => {
  it('loaded: chat oldest first; the clock offset is server_now − the time of receipt', () => {
    const state = loaded();
    expect(state.chat.map((m) => m.id)).toEqual([1, 2]);
    expect(state.clockOffset).toBe(500);
  });

  it('room and agenda merge; a stopwatch replaces, and a faster sample of the clock offset wins', () => {
    let state = event(loaded(), 'room', { status: 'ended', version: 9 });
    expect(state.room).toMatchObject({ status: 'ended', version: 9, current_agenda: 1 });
    state = event(state, 'agenda', { current_agenda: 0, version: 10 });
    expect(state.room).toMatchObject({ status: 'ended', current_agenda: 0 });
    const sw = stopwatch({ running: true, server_now: '2026-11-21T05:06:00.000Z' });
    // it took longer to arrive than the loaded room (offset 500): the estimate stays
    state = event(state, 'stopwatch', sw, Date.parse('2026-11-21T05:06:01.000Z'));
    expect(state.room?.stopwatch).toEqual(sw);
    expect(state.clockOffset).toBe(500);
    // it arrived sooner: the offset moves up to it
    state = event(state, 'stopwatch', { ...sw, server_now: '2026-11-21T05:07:00.000Z' }, Date.parse('2026-11-21T05:06:59.200Z'));
    expect(state.clockOffset).toBe(800);
  });

  it('a whole Room from a write (apply) is a sample of the clock offset too', () => {
    const fresh = room({ version: 4, stopwatch: stopwatch({ server_now: '2026-11-21T05:10:00.000Z' }) });
    const state = event(loaded(), 'room', fresh, Date.parse('2026-11-21T05:09:59.300Z'));
    expect(state.room?.version).toBe(4);
    expect(state.clockOffset).toBe(700);
  });

  it('chat once per id, chat_deleted removes, comment replaces or adds; unknown kinds change nothing', () => {
    let state = event(loaded(), 'chat', chatMessage({ id: 2, body: 'again' }));
    expect(state.chat).toHaveLength(2);
    state = event(state, 'chat', chatMessage({ id: 3 }));
    state = event(state, 'chat_deleted', { id: 1 });
    expect(state.chat.map((m) => m.id)).toEqual([2, 3]);
    state = event(state, 'comment', comment({ id: 1, status: 'answered' }));
    state = event(state, 'comment', comment({ id: 2 }));
    expect(state.comments.map((c) => [c.id, c.status])).toEqual([
      [1, 'answered'],
      [2, 'new'],
    ]);
    expect(event(state, 'unknown', { met: true })).toBe(state);
  });

  it('reception keeps the latest counters; quorum the latest by as_of (issue 14)', () => {
    const counts = { expected: 3, checked_in: 1, not_arrived: 2 };
    let state = event(loaded(), 'reception', { row: { id: 1 }, counts });
    expect(state.reception).toEqual(counts);
    const quorum = (met: boolean, asOf: string) => ({
      conference_id: 1,
      settings: { basis: 3, numerator: 1, denominator: 2, rule: 'more_than', count_delegates: true },
      total: 3,
      required: 2,
      present: met ? 2 : 1,
      delegated: 0,
      counted: met ? 2 : 1,
      met,
      margin: met ? 0 : -1,
      as_of: asOf,
    });
    state = event(state, 'quorum', quorum(true, '2026-12-20T05:03:00.000Z'));
    expect(state.quorum?.met).toBe(true);
    // an older figure arriving late does not undo the newer one
    expect(event(state, 'quorum', quorum(false, '2026-12-20T05:02:00.000Z'))).toBe(state);
    expect(event(state, 'reception', { row: { id: 1 } })).toBe(state);
  });
});
