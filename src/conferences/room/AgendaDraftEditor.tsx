/**
 * Editing the 次第: each item a fieldset (件名 required, 発表者, 時間（分）) with 上へ / 下へ / 削除
 * buttons (no drag-and-drop library in the project: buttons keep it keyboard-operable), 項目を追加,
 * 次第を保存 / キャンセル. The focus stays on the moved item's button; after a removal it goes to
 * 項目を追加. Errors show once the user tried to save.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslate } from 'react-admin';
import { addRow, moveRow, removeRow, rowErrors, updateRow, type AgendaDraft } from './agendaDraft';
import { AGENDA_MAX_ITEMS } from './types';

export interface AgendaDraftEditorProps {
  draft: AgendaDraft;
  onChange: (draft: AgendaDraft) => void;
  showErrors: boolean;
  disabled: boolean;
}

type Focus = { key: number; direction: 'up' | 'down' } | 'add' | null;

export const AgendaDraftEditor = ({ draft, onChange, showErrors, disabled }: AgendaDraftEditorProps) => {
  const translate = useTranslate();
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<Focus>(null);
  const t = (key: string, args?: Record<string, unknown>) => translate(`kaigi.room.staff.agenda.${key}`, args);

  useEffect(() => {
    if (focus === 'add') addButton.current?.focus();
    else if (focus) {
      const index = draft.rows.findIndex((r) => r.key === focus.key);
      // at the end of the list the arrow that was pressed is disabled: the other one takes the focus
      const atEdge = focus.direction === 'up' ? index === 0 : index === draft.rows.length - 1;
      const direction = atEdge ? (focus.direction === 'up' ? 'down' : 'up') : focus.direction;
      buttons.current.get(`${focus.key}-${direction}`)?.focus();
    }
  }, [focus, draft.rows]);

  const move = (index: number, direction: 'up' | 'down') => {
    onChange(moveRow(draft, index, direction === 'up' ? index - 1 : index + 1));
    setFocus({ key: draft.rows[index].key, direction });
  };

  return (
    <Stack spacing={2}>
      {draft.rows.map((row, index) => {
        const n = index + 1;
        const errors = showErrors ? rowErrors(row) : {};
        const arrow = (direction: 'up' | 'down') => (
          <Tooltip title={t(`move_${direction}`, { n })}>
            <span>
              <IconButton
                ref={(el) => {
                  buttons.current.set(`${row.key}-${direction}`, el);
                }}
                aria-label={t(`move_${direction}`, { n })}
                disabled={disabled || (direction === 'up' ? index === 0 : index === draft.rows.length - 1)}
                onClick={() => move(index, direction)}
              >
                {direction === 'up' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
              </IconButton>
            </span>
          </Tooltip>
        );
        return (
          <Box
            key={row.key}
            component="fieldset"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1.5, pt: 0.5 }}
          >
            <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
              {t('item', { n })}
              {draft.current === index && t('current_suffix')}
            </Typography>
            {/* 件名 on its own line; the rest wraps as the card's width allows (half the page on desktops) */}
            <Stack spacing={1.5}>
              <TextField
                label={t('item_title')}
                value={row.title}
                onChange={(e) => onChange(updateRow(draft, index, { title: e.target.value }))}
                required
                disabled={disabled}
                error={!!errors.title}
                helperText={errors.title ? t(errors.title) : undefined}
                slotProps={{ htmlInput: { maxLength: 200 } }}
                fullWidth
              />
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
                <TextField
                  label={t('presenter')}
                  value={row.presenter}
                  onChange={(e) => onChange(updateRow(draft, index, { presenter: e.target.value }))}
                  disabled={disabled}
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                  sx={{ flex: '1 1 160px' }}
                />
                <TextField
                  label={t('minutes')}
                  value={row.minutes}
                  onChange={(e) => onChange(updateRow(draft, index, { minutes: e.target.value }))}
                  disabled={disabled}
                  error={!!errors.minutes}
                  helperText={errors.minutes ? t(errors.minutes) : undefined}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ flex: '0 0 120px' }}
                />
                <Stack direction="row" sx={{ ml: 'auto', alignSelf: 'center' }}>
                  {arrow('up')}
                  {arrow('down')}
                  <Tooltip title={t('remove', { n })}>
                    <span>
                      <IconButton
                        aria-label={t('remove', { n })}
                        disabled={disabled}
                        onClick={() => {
                          onChange(removeRow(draft, index));
                          setFocus('add');
                        }}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              </Box>
            </Stack>
          </Box>
        );
      })}
      <Box>
        <Button
          ref={addButton}
          startIcon={<AddIcon />}
          onClick={() => onChange(addRow(draft))}
          disabled={disabled || draft.rows.length >= AGENDA_MAX_ITEMS}
        >
          {t('add')}
        </Button>
        {draft.rows.length >= AGENDA_MAX_ITEMS && (
          <Typography variant="body2" color="text.secondary">
            {t('too_many', { max: AGENDA_MAX_ITEMS })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
};
