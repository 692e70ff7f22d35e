/**
 * The room RoomView is showing, for what renders inside it: the staff controls in its staff slot
 * (src/conferences/room/) and the pages' title setters read the state and call reload() from here.
 */
import { createContext, useContext } from 'react';
import type { RoomStream } from './useRoomStream';

export const RoomContext = createContext<RoomStream | null>(null);

export const useRoom = (): RoomStream => {
  const room = useContext(RoomContext);
  if (!room) throw new Error('useRoom() outside <RoomView>');
  return room;
};
