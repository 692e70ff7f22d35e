/**
 * Drag-and-drop of the invitees' protocol order (issue 15 item 1) with dnd-kit: a mouse drags the
 * handle at once, a finger after a short press (so a swipe still scrolls the page on a phone), the
 * keyboard with space, ↑/↓ and space; screen readers hear Japanese instructions and announcements.
 * A drop calls `onMove` with the new place (1-based).
 */
import { useRef, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useTranslate } from 'react-admin';
import type { InviteeRecord } from '../useConferenceMembers';

/** Rows move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export interface SeatOrderDndProps {
  rows: InviteeRecord[];
  onMove: (row: InviteeRecord, place: number) => void;
  children: ReactNode;
}

export const SeatOrderDnd = ({ rows, onMove, children }: SeatOrderDndProps) => {
  const translate = useTranslate();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const placeOf = (id: UniqueIdentifier | undefined) => rows.findIndex((r) => r.id === id) + 1;
  const nameOf = (id: UniqueIdentifier) => {
    const row = rows.find((r) => r.id === id);
    return row?.member?.name ?? String(row?.member_id ?? '');
  };
  const t = (key: string, id: UniqueIdentifier, place: number) =>
    translate(`kaigi.conferences.invitees.dnd.${key}`, { name: nameOf(id), place });
  // the place last announced: a drag starts over its own row, which "持ち上げました" already says
  const announced = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announced.current = active.id;
      return t('start', active.id, placeOf(active.id));
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === announced.current) return undefined;
      announced.current = over?.id ?? null;
      return over ? t('over', active.id, placeOf(over.id)) : t('outside', active.id, 0);
    },
    onDragEnd: ({ active, over }) => (over ? t('end', active.id, placeOf(over.id)) : t('cancel', active.id, placeOf(active.id))),
    onDragCancel: ({ active }) => t('cancel', active.id, placeOf(active.id)),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const row = rows.find((r) => r.id === active.id);
    const place = placeOf(over?.id);
    if (row && place > 0 && place !== placeOf(active.id)) onMove(row, place);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: translate('kaigi.conferences.invitees.dnd.instructions') },
      }}
    >
      <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
};
