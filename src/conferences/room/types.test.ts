/** The SPA's copies of the room constants agree with the API contract (server/schemas/room.ts). */
import * as serverRoom from '../../../server/schemas/room.ts';
import { AGENDA_MAX_ITEMS, COMMENT_STATUSES, LINK_KINDS, ROOM_STATUSES, STOPWATCH_LABELS } from './types';

describe('room constants', () => {
  it('match the server', () => {
    expect(ROOM_STATUSES).toEqual(serverRoom.ROOM_STATUSES);
    expect(COMMENT_STATUSES).toEqual(serverRoom.COMMENT_STATUSES);
    expect(STOPWATCH_LABELS).toEqual(serverRoom.STOPWATCH_LABELS);
    expect(LINK_KINDS).toEqual(serverRoom.LINK_KINDS);
    expect(AGENDA_MAX_ITEMS).toBe(serverRoom.AGENDA_MAX_ITEMS);
  });
});
