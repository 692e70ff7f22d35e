/**
 * The live 定足数 of one conference (issue 14, DESIGN.md §11.3): GET …/quorum, then the room's
 * staff stream, whose `quorum` events carry the whole Quorum after every check-in, undo or
 * walk-in. Every (re)opened stream asks GET …/quorum again, so nothing missed before it opened
 * is lost; of two answers the later `as_of` wins (a slow GET cannot undo a newer event). The
 * stream is the room's staff stream (../useStaffRoomEvents.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { useStaffRoomEvents, type StaffRoomEventHandlers } from '../useStaffRoomEvents';
import { quorumApi } from './api';
import type { Quorum } from './types';

export interface QuorumStream {
  quorum: Quorum | null;
  error: unknown;
  /** the stream failed and is being reopened (not while it first opens) */
  interrupted: boolean;
  reload(): void;
}

const newer = (current: Quorum | null, next: Quorum): Quorum =>
  current && Date.parse(current.as_of) > Date.parse(next.as_of) ? current : next;

/** `also`: more events of the same stream (the board's vote, issue 34), told of every opened stream too. */
export const useQuorumStream = (conferenceId: number, also?: StaffRoomEventHandlers): QuorumStream => {
  const [quorum, setQuorum] = useState<Quorum | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [interrupted, setInterrupted] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [refreshes, setRefreshes] = useState(0);

  // GET …/quorum when the board opens, and again on every opened stream
  useEffect(() => {
    const controller = new AbortController();
    quorumApi.getQuorum(conferenceId, controller.signal).then(
      (loaded) => {
        setQuorum((current) => newer(current, loaded));
        setError(null);
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) setError(cause);
      },
    );
    return () => controller.abort();
  }, [conferenceId, generation, refreshes]);

  useStaffRoomEvents(
    conferenceId,
    {
      events: {
        ...also?.events,
        quorum: (data) => {
          const next = data as Quorum | null;
          if (next && typeof next === 'object' && next.conference_id === conferenceId)
            setQuorum((current) => newer(current, next));
        },
      },
      onOpen: (opens) => {
        also?.onOpen?.(opens);
        setInterrupted(false);
        // what changed before the stream was (re)opened: a stream starts from now
        setRefreshes((n) => n + 1);
      },
      onLost: () => setInterrupted(true),
    },
    generation,
  );

  const reload = useCallback(() => {
    setInterrupted(false);
    setGeneration((g) => g + 1);
  }, []);
  return { quorum, error, interrupted, reload };
};
