/**
 * The live room of one source (DESIGN.md §11.1, issue 12): loads the room, the chat and the
 * comments, then follows the room's server-sent events.
 *
 * Resuming: the last event id seen (at first the room's `last_event_id`) goes into every new
 * stream as `last_event_id`, so a reconnect loses nothing and the id de-duplication of chat keeps
 * nothing twice. On an error the hook closes the EventSource itself and opens a new one after a
 * back-off of 1 s, 2 s, 4 s … 10 s: a signed-in user's ticket is single use, so EventSource's own
 * reconnect (same URL) would fail; link holders reopen the same way with the id they saw last.
 *
 * `access_revoked` (issue 29) is the server's last event on a stream whose viewer may no longer
 * enter (a revoked link, the company's invitation removed, the conference cancelled): the hook
 * closes the stream and does not reopen it; the page says why until the user reloads.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { isHttpError } from '../api/errors';
import { roomApi, sourceKey, type RoomSource } from './api';
import { initialRoomState, roomReducer, type RoomState } from './roomState';
import { RoomAccessRevoked } from './roomErrors';

// reception and quorum reach staff streams only (issue 14); vote everyone (decision 0034)
const EVENT_KINDS = ['room', 'agenda', 'stopwatch', 'chat', 'chat_deleted', 'comment', 'reception', 'quorum', 'vote'] as const;
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 10_000;

export interface RoomStream extends RoomState {
  loading: boolean;
  sendChat(body: string): Promise<void>;
  sendComment(body: string): Promise<void>;
  /** staff only (admin source) */
  deleteChat(id: number): Promise<void>;
  /** Marks the room ended here at once (a write refused with `room_ended`); the room event follows. */
  markEnded(): void;
  /**
   * Puts what a write answered into the state at once, as its event would (the staff slot's
   * controls: a PUT …/room answers the Room, PUT …/stopwatch the Stopwatch, PUT …/comments/{id}
   * the Comment); the event that follows changes nothing more.
   */
  apply(kind: 'room' | 'stopwatch' | 'comment', data: unknown): void;
  reload(): void;
}

export const useRoomStream = (source: RoomSource): RoomStream => {
  const key = sourceKey(source);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the source
  const api = useMemo(() => roomApi(source), [key]);
  const [state, dispatch] = useReducer(roomReducer, initialRoomState);
  const [generation, setGeneration] = useState(0);
  const lastEventId = useRef(0);
  const isLink = source.kind === 'link';

  useEffect(() => {
    let stopped = false;
    let stream: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const controller = new AbortController();

    const retryLater = () => {
      if (stopped) return;
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** failures);
      failures += 1;
      timer = setTimeout(() => void open(), delay);
    };

    const open = async () => {
      let url: string;
      try {
        // A link holder's stream needs no ticket, so nothing else would notice a revoked or
        // expired link: ask for the room again before reopening (a 404 ends the visit).
        if (failures > 0 && isLink) await api.getRoom(controller.signal);
        url = await api.eventsUrl(lastEventId.current, controller.signal);
      } catch (error) {
        if (isHttpError(error) && error.status === 404) dispatch({ type: 'gone', error });
        else retryLater();
        return;
      }
      if (stopped) return;
      const source = new EventSource(url);
      stream = source;
      source.onopen = () => {
        failures = 0;
        dispatch({ type: 'connected', value: true });
      };
      source.onerror = () => {
        source.close();
        if (stream === source) stream = null;
        dispatch({ type: 'connected', value: false });
        retryLater();
      };
      const seen = (event: MessageEvent<string>) => {
        const id = Number(event.lastEventId);
        if (Number.isSafeInteger(id) && id > lastEventId.current) lastEventId.current = id;
      };
      source.addEventListener('access_revoked', (event: MessageEvent<string>) => {
        seen(event);
        stopped = true;
        source.close();
        stream = null;
        dispatch({ type: 'gone', error: new RoomAccessRevoked() });
      });
      for (const kind of EVENT_KINDS) {
        source.addEventListener(kind, (event: MessageEvent<string>) => {
          seen(event);
          let data: unknown;
          try {
            data = JSON.parse(event.data);
          } catch {
            return;
          }
          dispatch({ type: 'event', kind, data, receivedAt: Date.now() });
        });
      }
    };

    const load = async () => {
      dispatch({ type: 'loading' });
      try {
        // the room's arrival, not the slowest of the three, is when its server_now was current
        let roomAt = 0;
        const [room, chat, comments] = await Promise.all([
          api.getRoom(controller.signal).then((loaded) => {
            roomAt = Date.now();
            return loaded;
          }),
          api.getChat(controller.signal),
          api.getComments(controller.signal),
        ]);
        if (stopped) return;
        lastEventId.current = room.last_event_id;
        dispatch({ type: 'loaded', room, chat, comments, receivedAt: roomAt });
        await open();
      } catch (error) {
        if (!stopped) dispatch({ type: 'failed', error });
      }
    };

    void load();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      stream?.close();
      dispatch({ type: 'connected', value: false });
    };
  }, [api, generation, isLink]);

  const sendChat = useCallback(
    async (body: string) => {
      const message = await api.postChat(body);
      dispatch({ type: 'event', kind: 'chat', data: message, receivedAt: Date.now() });
    },
    [api],
  );
  const sendComment = useCallback(
    async (body: string) => {
      const comment = await api.postComment(body);
      dispatch({ type: 'event', kind: 'comment', data: comment, receivedAt: Date.now() });
    },
    [api],
  );
  const deleteChat = useCallback(
    async (id: number) => {
      await api.deleteChat(id);
      dispatch({ type: 'event', kind: 'chat_deleted', data: { id }, receivedAt: Date.now() });
    },
    [api],
  );
  const markEnded = useCallback(
    () => dispatch({ type: 'event', kind: 'room', data: { status: 'ended' }, receivedAt: Date.now() }),
    [],
  );
  const apply = useCallback(
    (kind: 'room' | 'stopwatch' | 'comment', data: unknown) => dispatch({ type: 'event', kind, data, receivedAt: Date.now() }),
    [],
  );
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return {
    ...state,
    loading: !state.room && !state.error,
    sendChat,
    sendComment,
    deleteChat,
    markEnded,
    apply,
    reload,
  };
};
