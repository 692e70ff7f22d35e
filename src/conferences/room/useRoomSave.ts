/**
 * One versioned write of the room (PUT …/room with `version`, DESIGN.md §5): the saved room goes to
 * `onSaved`; a failure is kept for <RoomSaveError>, whose 「最新の状態を読み込む」 (`reload`) reads
 * the room again after a 409 so the next write carries the current version.
 */
import { useCallback, useState } from 'react';
import { roomApi } from './api';
import type { OnRoomSaved, Room, RoomUpdate } from './types';

export interface RoomSave {
  /** Resolves with the saved room, or null when it failed (see `error`). */
  save: (body: RoomUpdate) => Promise<Room | null>;
  pending: boolean;
  error: unknown;
  /** Reads the room again (after a 409); resolves with it, or null when that failed too. */
  reload: () => Promise<Room | null>;
}

export const useRoomSave = (conferenceId: number, onSaved: OnRoomSaved): RoomSave => {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const save = useCallback(
    async (body: RoomUpdate) => {
      setPending(true);
      setError(null);
      try {
        const room = await roomApi.updateRoom(conferenceId, body);
        onSaved(room);
        return room;
      } catch (e) {
        setError(e);
        return null;
      } finally {
        setPending(false);
      }
    },
    [conferenceId, onSaved],
  );

  const reload = useCallback(async () => {
    try {
      const room = await roomApi.getRoom(conferenceId);
      onSaved(room);
      setError(null);
      return room;
    } catch (e) {
      setError(e);
      return null;
    }
  }, [conferenceId, onSaved]);

  return { save, pending, error, reload };
};
