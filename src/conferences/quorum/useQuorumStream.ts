/**
 * The live 定足数 of one conference (issue 14, DESIGN.md §11.3): GET …/quorum, then the room's
 * staff stream, whose `quorum` events carry the whole Quorum after every check-in, undo or
 * walk-in. Every (re)opened stream asks GET …/quorum again, so nothing missed before it opened
 * is lost; of two answers the later `as_of` wins (a slow GET cannot undo a newer event). The
 * stream reopens like the room's (src/room/useRoomStream.ts): a fresh single-use ticket after a
 * back-off of 1 s, 2 s, 4 s … 10 s.
 */
import { useCallback, useEffect, useState } from 'react';
import { quorumApi } from './api';
import type { Quorum } from './types';

const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 10_000;

export interface QuorumStream {
  quorum: Quorum | null;
  error: unknown;
  /** the stream failed and is being reopened (not while it first opens) */
  interrupted: boolean;
  reload(): void;
}

const newer = (current: Quorum | null, next: Quorum): Quorum =>
  current && Date.parse(current.as_of) > Date.parse(next.as_of) ? current : next;

export const useQuorumStream = (conferenceId: number): QuorumStream => {
  const [quorum, setQuorum] = useState<Quorum | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [interrupted, setInterrupted] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let stopped = false;
    let stream: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const controller = new AbortController();

    const refresh = async () => {
      try {
        const loaded = await quorumApi.getQuorum(conferenceId, controller.signal);
        if (stopped) return;
        setQuorum((current) => newer(current, loaded));
        setError(null);
      } catch (cause) {
        if (!stopped) setError(cause);
      }
    };

    const retryLater = () => {
      if (stopped) return;
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** failures);
      failures += 1;
      timer = setTimeout(() => void open(), delay);
    };

    const open = async () => {
      let url: string;
      try {
        url = await quorumApi.eventsUrl(conferenceId, controller.signal);
      } catch {
        retryLater();
        return;
      }
      if (stopped) return;
      const source = new EventSource(url);
      stream = source;
      source.onopen = () => {
        failures = 0;
        setInterrupted(false);
        // what changed before the stream was (re)opened
        void refresh();
      };
      source.onerror = () => {
        source.close();
        if (stream === source) stream = null;
        setInterrupted(true);
        retryLater();
      };
      source.addEventListener('quorum', (event: MessageEvent<string>) => {
        try {
          const next = JSON.parse(event.data) as Quorum;
          if (next && typeof next === 'object' && next.conference_id === conferenceId)
            setQuorum((current) => newer(current, next));
        } catch {
          // not JSON: ignored like the room's own stream does
        }
      });
    };

    void refresh();
    void open();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      stream?.close();
      setInterrupted(false);
    };
  }, [conferenceId, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { quorum, error, interrupted, reload };
};
