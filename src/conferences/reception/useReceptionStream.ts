/**
 * The desk follows the conference room's staff stream (DESIGN.md §11.1, §11.3): every check-in,
 * undo and walk-in at any desk arrives as a `reception` event {row, counts}. Like the room page
 * (src/room/useRoomStream.ts) it asks for a single-use ticket (POST …/room/ticket) before each
 * EventSource and reopens it itself after an error (back-off 1 s … 10 s); after a reopen
 * `onReconnect` lets the desk read the list again, since events may have been missed meanwhile.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { apiBaseUrl } from '../../config/runtimeConfig';
import { buildUrl, httpClient } from '../../api/httpClient';
import type { ReceptionCounts, ReceptionRow } from './api';
import { conferencePath } from './api';

export interface ReceptionEvent {
  row: ReceptionRow;
  counts: ReceptionCounts;
}

/** connecting (first open), open, or lost (a failure, until a stream opens again) */
export type StreamState = 'connecting' | 'open' | 'lost';

const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 10_000;

const isReceptionEvent = (data: unknown): data is ReceptionEvent =>
  typeof data === 'object' && data !== null && 'row' in data && 'counts' in data;

export const useReceptionStream = (
  conferenceId: number,
  onEvent: (event: ReceptionEvent) => void,
  onReconnect: () => void,
): { stream: StreamState } => {
  const [state, setState] = useState<StreamState>('connecting');
  const handlers = useRef({ onEvent, onReconnect });
  useLayoutEffect(() => {
    handlers.current = { onEvent, onReconnect };
  });

  useEffect(() => {
    let stopped = false;
    let stream: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let opened = 0;
    const controller = new AbortController();
    const base = `${conferencePath(conferenceId)}/room`;

    const retryLater = () => {
      if (stopped) return;
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** failures);
      failures += 1;
      timer = setTimeout(() => void open(), delay);
    };

    const open = async () => {
      let url: string;
      try {
        const { json } = await httpClient.request<{ ticket: string }>(`${base}/ticket`, {
          method: 'POST',
          signal: controller.signal,
          redirectOnNotFound: false,
        });
        url = buildUrl(apiBaseUrl(), `${base}/events`, { ticket: json.ticket });
      } catch {
        if (!stopped) setState('lost');
        retryLater();
        return;
      }
      if (stopped) return;
      const source = new EventSource(url);
      stream = source;
      source.onopen = () => {
        failures = 0;
        opened += 1;
        setState('open');
        if (opened > 1) handlers.current.onReconnect();
      };
      source.onerror = () => {
        source.close();
        if (stream === source) stream = null;
        setState('lost');
        retryLater();
      };
      source.addEventListener('reception', (event: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        if (isReceptionEvent(data)) handlers.current.onEvent(data);
      });
    };

    void open();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      stream?.close();
    };
  }, [conferenceId]);

  return { stream: state };
};
