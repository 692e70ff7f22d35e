/**
 * The room as the staff page shows it until the shared room view's stream drives it: GET …/room and
 * GET …/room/comments (react-query), and setters that put what a write answered into that state.
 */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { roomApi, roomKeys } from './api';
import type { Comment, Room, Stopwatch } from './types';

export const useStaffRoom = (conferenceId: number) => {
  const queryClient = useQueryClient();
  const room = useQuery({
    queryKey: roomKeys.room(conferenceId),
    queryFn: ({ signal }) => roomApi.getRoom(conferenceId, signal),
  });
  const comments = useQuery({
    queryKey: roomKeys.comments(conferenceId),
    queryFn: ({ signal }) => roomApi.getComments(conferenceId, signal),
  });

  const setRoom = useCallback(
    (next: Room) => queryClient.setQueryData<Room>(roomKeys.room(conferenceId), next),
    [queryClient, conferenceId],
  );
  const setStopwatch = useCallback(
    (stopwatch: Stopwatch) =>
      queryClient.setQueryData<Room>(roomKeys.room(conferenceId), (current) => (current ? { ...current, stopwatch } : current)),
    [queryClient, conferenceId],
  );
  const setComment = useCallback(
    (comment: Comment) =>
      queryClient.setQueryData<Comment[]>(roomKeys.comments(conferenceId), (current) =>
        current?.map((c) => (c.id === comment.id ? comment : c)),
      ),
    [queryClient, conferenceId],
  );

  return { room, comments, setRoom, setStopwatch, setComment };
};
