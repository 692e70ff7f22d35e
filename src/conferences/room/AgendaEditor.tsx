/**
 * 次第 (DESIGN.md §11.1: agenda [{title, presenter, minutes}] with the current item). Shown as a
 * list whose radio marks the current item and 次の項目へ advances it, each saved at once
 * (PUT …/room {current_agenda, version}: during the meeting). 次第を編集 opens the editor; its
 * save sends {agenda, current_agenda, version} with the version the edit started from, so another
 * staff member's change in between is a 409 (the draft stays; reloading takes the new version).
 */
import { useState } from 'react';
import { Button, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import { useNotify, useTranslate } from 'react-admin';
import { AgendaDraftEditor } from './AgendaDraftEditor';
import { toAgenda, toDraft, type AgendaDraft } from './agendaDraft';
import { RoomSaveError } from './RoomSaveError';
import { StaffSection } from './StaffSection';
import { useRoomSave } from './useRoomSave';
import type { AgendaItem, OnRoomSaved, Room } from './types';

export interface AgendaEditorProps {
  conferenceId: number;
  room: Room;
  onSaved: OnRoomSaved;
}

const NONE = 'none';

export const AgendaEditor = ({ conferenceId, room, onSaved }: AgendaEditorProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { save, pending, error, reload } = useRoomSave(conferenceId, onSaved);
  const [editing, setEditing] = useState<{ draft: AgendaDraft; version: number; tried: boolean } | null>(null);
  const t = (key: string, args?: Record<string, unknown>) => translate(`kaigi.room.staff.agenda.${key}`, args);
  const { agenda, current_agenda: current } = room;

  const describe = (item: AgendaItem) =>
    [item.presenter, item.minutes !== null ? t('minutes_value', { minutes: item.minutes }) : null].filter(Boolean).join(' ・ ');

  const setCurrent = async (index: number | null) => {
    const saved = await save({ current_agenda: index, version: room.version });
    if (!saved) return;
    if (index === null) notify('kaigi.room.staff.agenda.current_cleared', { type: 'success' });
    else notify('kaigi.room.staff.agenda.current_saved', { type: 'success', messageArgs: { title: agenda[index].title } });
  };

  const saveDraft = async () => {
    if (!editing) return;
    const items = toAgenda(editing.draft);
    if (!items) {
      setEditing({ ...editing, tried: true });
      return;
    }
    const saved = await save({ agenda: items, current_agenda: editing.draft.current, version: editing.version });
    if (saved) {
      setEditing(null);
      notify('kaigi.room.staff.agenda.saved', { type: 'success' });
    }
  };

  // after a 409 the draft stays and is saved next against the room just read
  const reloadKeepingDraft = async () => {
    const fresh = await reload();
    if (fresh && editing) setEditing({ ...editing, version: fresh.version });
  };

  const nextIndex = current === null ? 0 : current + 1;
  const actions = editing ? undefined : (
    <>
      <Button
        variant="contained"
        startIcon={<SkipNextIcon />}
        disabled={pending || nextIndex >= agenda.length}
        onClick={() => void setCurrent(nextIndex)}
      >
        {t('next')}
      </Button>
      <Button
        startIcon={<EditIcon />}
        disabled={pending}
        onClick={() => setEditing({ draft: toDraft(agenda, current), version: room.version, tried: false })}
      >
        {t('edit')}
      </Button>
    </>
  );

  return (
    <StaffSection title={t('title')} actions={actions}>
      <Stack spacing={2}>
        {editing ? (
          <>
            <AgendaDraftEditor
              draft={editing.draft}
              onChange={(draft) => setEditing({ ...editing, draft })}
              showErrors={editing.tried}
              disabled={pending}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => setEditing(null)} disabled={pending}>
                {translate('kaigi.common.actions.cancel')}
              </Button>
              <Button variant="contained" onClick={() => void saveDraft()} disabled={pending}>
                {t('save')}
              </Button>
            </Stack>
          </>
        ) : agenda.length === 0 ? (
          <Typography color="text.secondary">{t('empty')}</Typography>
        ) : (
          <RadioGroup
            aria-label={t('current_legend')}
            value={current === null ? NONE : String(current)}
            onChange={(e) => void setCurrent(e.target.value === NONE ? null : Number(e.target.value))}
          >
            {agenda.map((item, index) => (
              <FormControlLabel
                key={index}
                value={String(index)}
                disabled={pending}
                control={<Radio />}
                sx={{
                  alignItems: 'flex-start',
                  py: 0.5,
                  ...(index === current ? { bgcolor: 'action.selected', borderRadius: 1 } : {}),
                }}
                label={
                  <span>
                    <Typography
                      component="span"
                      sx={{ display: 'block', fontWeight: index === current ? 'bold' : undefined, pt: 1 }}
                    >
                      {`${index + 1}. ${item.title}`}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {describe(item)}
                    </Typography>
                  </span>
                }
              />
            ))}
            <FormControlLabel value={NONE} disabled={pending} control={<Radio />} label={t('current_none')} />
          </RadioGroup>
        )}
        <RoomSaveError error={error} onReload={() => void reloadKeepingDraft()} />
      </Stack>
    </StaffSection>
  );
};
