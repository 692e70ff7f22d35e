/**
 * Screens beside the room that follow its staff stream (DESIGN.md §11.1, §11.3: the reception
 * desk, the 定足数 board). Like the room page (src/room/useRoomStream.ts) each EventSource first
 * gets a single-use ticket (POST …/room/ticket: an EventSource sends no bearer header) and is
 * reopened after an error with a back-off of 1 s, 2 s, 4 s … 10 s. `onOpen(n)` runs on every opened
 * stream (n = 1 the first time): a screen reads its state again after a reopen, since events may
 * have been missed meanwhile. `onLost` runs on every failure until a stream opens again.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { buildUrl, httpClient } from '../api/httpClient';
import { apiBaseUrl } from '../config/runtimeConfig';
import type { StreamTicket } from '../api/schema';

export const conferencePath = (conferenceId: number) =>
  `/v1/cci/admin/master/conferences/${encodeURIComponent(String(conferenceId))}`;

const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 10_000;

/** The staff stream's URL from now on (a one-minute single-use ticket). */
async function staffEventsUrl(conferenceId: number, signal: AbortSignal): Promise<string> {
  const room = `${conferencePath(conferenceId)}/room`;
  const { json } = await httpClient.request<StreamTicket>(`${room}/ticket`, {
    method: 'POST',
    signal,
    redirectOnNotFound: false,
  });
  return buildUrl(apiBaseUrl(), `${room}/events`, { ticket: json.ticket });
}

export interface StaffRoomEventHandlers {
  /** by event kind: the event's parsed data (events that are not JSON are ignored) */
  events: Readonly<Record<string, (data: unknown) => void>>;
  onOpen?(opens: number): void;
  onLost?(): void;
}

/** `generation`: a new value closes the stream and opens a new one (a screen's 再読み込み). */
export function useStaffRoomEvents(conferenceId: number, handlers: StaffRoomEventHandlers, generation = 0): void {
  const current = useRef(handlers);
  useLayoutEffect(() => {
    current.current = handlers;
  });

  useEffect(() => {
    let stopped = false;
    let stream: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let opens = 0;
    const controller = new AbortController();

    const retryLater = () => {
      if (stopped) return;
      current.current.onLost?.();
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** failures);
      failures += 1;
      timer = setTimeout(() => void open(), delay);
    };

    const open = async () => {
      let url: string;
      try {
        url = await staffEventsUrl(conferenceId, controller.signal);
      } catch {
        retryLater();
        return;
      }
      if (stopped) return;
      const source = new EventSource(url);
      stream = source;
      source.onopen = () => {
        failures = 0;
        opens += 1;
        current.current.onOpen?.(opens);
      };
      source.onerror = () => {
        source.close();
        if (stream === source) stream = null;
        retryLater();
      };
      for (const kind of Object.keys(current.current.events)) {
        source.addEventListener(kind, (event: MessageEvent<string>) => {
          let data: unknown;
          try {
            data = JSON.parse(event.data);
          } catch {
            return;
          }
          current.current.events[kind]?.(data);
        });
      }
    };

    void open();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      stream?.close();
    };
  }, [conferenceId, generation]);
}
