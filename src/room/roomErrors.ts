/**
 * A refused chat or comment in Japanese (server/schemas/room.ts problem codes): 429 rate_limited
 * says how long to wait (Retry-After, at least a second), 422 room_ended / panel_closed and 400
 * blank_text have their own texts; anything else goes by the app's catalogue (src/api/errors.ts).
 */
import { isHttpError } from '../api/errors';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const ROOM_CODES = ['room_ended', 'panel_closed', 'blank_text'] as const;

const retryAfterSeconds = (headers: Headers | null): number => {
  const value = Number(headers?.get('retry-after'));
  return Number.isFinite(value) && value > 1 ? Math.ceil(value) : 1;
};

export const roomErrorMessage = (translate: Translate, error: unknown): string => {
  if (!isHttpError(error)) return translate('kaigi.errors.http.generic');
  if (error.status === 429) {
    return translate('kaigi.room.errors.rate_limited', { seconds: retryAfterSeconds(error.headers) });
  }
  const code = error.code;
  if (code && (ROOM_CODES as readonly string[]).includes(code)) return translate(`kaigi.room.errors.${code}`);
  return translate(error.messageKey);
};

export const isRoomEnded = (error: unknown) => isHttpError(error) && error.code === 'room_ended';

/** The stream's `access_revoked`: this viewer may no longer enter the room (issue 29). */
export class RoomAccessRevoked extends Error {
  constructor() {
    super('room access revoked');
    this.name = 'RoomAccessRevoked';
  }
}
