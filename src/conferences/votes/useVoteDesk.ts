/**
 * What the 採決 panel and the board show (DESIGN.md §12.1): the conference's 議案 (GET …/motions) and
 * each one's polls (GET …/motions/{id}, read when a 議案 is looked at), kept current by the room's
 * staff stream: `motion` (a 議案 written or deleted) and `poll` (a poll opened, counted, closed or
 * declared; after a voter's ballot also how many voted, and in a live 記名 poll the tally so far).
 * Every reopened stream reads everything again (events may have been missed meanwhile), and an open
 * poll's progress is read at once (GET …/polls/{poll_id}, decision 0038): a panel or board opened
 * mid-vote does not wait for the next ballot.
 *
 * useVoteDeskState leaves the stream to its host (the 定足数 board's own stream carries these events
 * too, so the board opens one stream); useVoteDesk opens one of its own (the staff room, whose room
 * stream lives in src/room/ and knows only the room's kinds).
 */
import { useCallback, useEffect, useState } from 'react';
import { useStaffRoomEvents, type StaffRoomEventHandlers } from '../useStaffRoomEvents';
import { motionsApi } from '../motions/api';
import type { Motion, MotionEvent, Poll, PollCounts, PollEvent, PollResult } from '../motions/types';

export interface PollProgress {
  voted: number;
  live_counts?: PollCounts | null;
}

/**
 * Ballots only add up while a poll is open: a read that crossed an event is kept only if it counts
 * more (on a tie the event, which came after the read began or with it, wins).
 */
const newerProgress = (current: PollProgress | undefined, read: PollProgress): PollProgress =>
  current && current.voted >= read.voted ? current : read;

export interface VoteDesk {
  motions: Motion[] | null;
  /** polls by 議案 id, oldest first; absent until read */
  polls: Readonly<Record<number, Poll[]>>;
  /** the latest ballot progress by poll id */
  progress: Readonly<Record<number, PollProgress>>;
  error: unknown;
  reload(): void;
  /** read a 議案's polls (when it is chosen) */
  loadPolls(motionId: number): void;
  /** what a write answered, kept at once (the event follows) */
  apply(result: PollResult): void;
}

const withPoll = (polls: Poll[] = [], poll: Poll): Poll[] => {
  const others = polls.filter((p) => p.id !== poll.id);
  const current = polls.find((p) => p.id === poll.id);
  // of two copies of the same poll, the higher version is the newer
  if (current && current.version > poll.version) return polls;
  return [...others, poll].sort((a, b) => a.id - b.id);
};

const withMotion = (motions: Motion[] | null, motion: Motion): Motion[] | null => {
  if (!motions) return motions;
  const current = motions.find((m) => m.id === motion.id);
  if (current && current.version > motion.version) return motions;
  return current ? motions.map((m) => (m.id === motion.id ? motion : m)) : [...motions, motion].sort((a, b) => a.id - b.id);
};

export const useVoteDeskState = (conferenceId: number): { desk: VoteDesk; handlers: StaffRoomEventHandlers } => {
  const [motions, setMotions] = useState<Motion[] | null>(null);
  const [polls, setPolls] = useState<Record<number, Poll[]>>({});
  const [progress, setProgress] = useState<Record<number, PollProgress>>({});
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);

  const keepProgress = useCallback((pollId: number, next: PollProgress) => {
    setProgress((all) => ({ ...all, [pollId]: newerProgress(all[pollId], next) }));
  }, []);

  const loadPolls = useCallback(
    (motionId: number) => {
      motionsApi.get(conferenceId, motionId).then(
        (detail) => {
          const { polls: loaded, ...motion } = detail;
          setPolls((all) => ({ ...all, [motionId]: loaded }));
          setMotions((all) => withMotion(all, motion));
          const open = loaded.find((p) => p.status === 'open');
          if (open) {
            motionsApi.getPoll(conferenceId, motionId, open.id).then(
              ({ voted, live_counts }) => keepProgress(open.id, { voted, live_counts }),
              () => undefined, // the next event brings it
            );
          }
        },
        () => undefined,
      );
    },
    [conferenceId, keepProgress],
  );

  useEffect(() => {
    const controller = new AbortController();
    motionsApi.list(conferenceId, controller.signal).then(
      (loaded) => {
        setMotions(loaded);
        setError(null);
        // the polls of every 議案 under vote or counted: the panel and the board show them at once
        for (const m of loaded) if (m.status !== 'draft') loadPolls(m.id);
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) setError(cause);
      },
    );
    return () => controller.abort();
  }, [conferenceId, generation, loadPolls]);

  const apply = useCallback((result: PollResult) => {
    setMotions((all) => withMotion(all, result.motion));
    setPolls((all) => ({ ...all, [result.motion.id]: withPoll(all[result.motion.id], result.poll) }));
  }, []);

  const handlers: StaffRoomEventHandlers = {
    events: {
      poll: (data) => {
        const event = data as PollEvent | null;
        if (!event?.poll || !event.motion) return;
        apply(event);
        const { voted, live_counts } = event;
        // an event's progress is the newest there is (a live switch turned off clears the counts)
        if (typeof voted === 'number') setProgress((all) => ({ ...all, [event.poll.id]: { voted, live_counts } }));
      },
      motion: (data) => {
        const event = data as MotionEvent | null;
        if (!event) return;
        if ('deleted' in event) setMotions((all) => all?.filter((m) => m.id !== event.deleted) ?? all);
        else if (event.motion) setMotions((all) => withMotion(all, event.motion));
      },
    },
    onOpen: (opens) => {
      if (opens > 1) setGeneration((g) => g + 1);
    },
  };

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { desk: { motions, polls, progress, error, reload, loadPolls, apply }, handlers };
};

export const useVoteDesk = (conferenceId: number): VoteDesk => {
  const { desk, handlers } = useVoteDeskState(conferenceId);
  useStaffRoomEvents(conferenceId, handlers);
  return desk;
};
