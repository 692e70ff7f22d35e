/**
 * The desk follows the conference room's staff stream (DESIGN.md §11.1, §11.3): every check-in,
 * undo and walk-in at any desk arrives as a `reception` event {row, counts}; on every opened stream
 * `onReconnect` lets the desk read the list again, since events may have been missed before it.
 */
import { useState } from 'react';
import { useStaffRoomEvents } from '../useStaffRoomEvents';
import type { ReceptionCounts, ReceptionRow } from './api';

export interface ReceptionEvent {
  row: ReceptionRow;
  counts: ReceptionCounts;
}

/** connecting (first open), open, or lost (a failure, until a stream opens again) */
export type StreamState = 'connecting' | 'open' | 'lost';

const isReceptionEvent = (data: unknown): data is ReceptionEvent =>
  typeof data === 'object' && data !== null && 'row' in data && 'counts' in data;

export const useReceptionStream = (
  conferenceId: number,
  onEvent: (event: ReceptionEvent) => void,
  onReconnect: () => void,
): { stream: StreamState } => {
  const [state, setState] = useState<StreamState>('connecting');
  useStaffRoomEvents(conferenceId, {
    events: { reception: (data) => isReceptionEvent(data) && onEvent(data) },
    onOpen: () => {
      setState('open');
      // what changed before the stream was (re)opened: a stream starts from now
      onReconnect();
    },
    onLost: () => setState('lost'),
  });
  return { stream: state };
};
