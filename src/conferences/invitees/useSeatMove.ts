/**
 * Moving an invitee to place N of the protocol order (issue 15 item 1): ↑/↓, a drag and
 * 「位置を指定して移動」 all send the one PUT of `sort: N` with the row's version; the server moves
 * it and shifts the rows between in one transaction (server/lib/seat-order.ts). The list shows the
 * new order at once and then the server's order; on an error (409: someone changed the invitees)
 * the message is shown in Japanese and the server's order comes back.
 */
import { useMemo, useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { isVersionConflict } from '../../common/apiErrors';
import { problemMessage } from '../problemMessage';
import type { InviteeRecord } from '../useConferenceMembers';

/** The one PUT that moves `row` to `place` (1-based) of its conference's protocol order. */
export const moveParams = (row: InviteeRecord, place: number) => ({
  id: row.id,
  data: { sort: place, version: row.version },
  previousData: row,
});

export const useSeatMove = (rows: InviteeRecord[], refetch: () => Promise<unknown>) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [moving, setMoving] = useState<Identifier | null>(null);
  /** The order shown while a move is under way (ids), else the server's. */
  const [pending, setPending] = useState<Identifier[] | null>(null);

  const shown = useMemo(() => {
    if (!pending) return rows;
    const byId = new Map<Identifier, InviteeRecord>(rows.map((r) => [r.id, r]));
    const ordered = pending.map((id) => byId.get(id)).filter((r): r is InviteeRecord => r !== undefined);
    return ordered.length === rows.length ? ordered : rows;
  }, [rows, pending]);

  const moveTo = async (row: InviteeRecord, place: number) => {
    const from = shown.findIndex((r) => r.id === row.id);
    if (from < 0 || place < 1 || place > shown.length || from === place - 1 || moving !== null) return;
    setMoving(row.id);
    setPending(
      arrayMove(
        shown.map((r) => r.id),
        from,
        place - 1,
      ),
    );
    try {
      await dataProvider.update('conference_members', moveParams(row, place));
      notify('kaigi.conferences.invitees.moved', { type: 'info' });
    } catch (e) {
      if (isVersionConflict(e)) notify('kaigi.conferences.invitees.move_conflict', { type: 'error' });
      else notify(problemMessage(e, translate), { type: 'error' });
    } finally {
      await refetch();
      setPending(null);
      setMoving(null);
    }
  };

  return { rows: shown, moving, moveTo };
};
