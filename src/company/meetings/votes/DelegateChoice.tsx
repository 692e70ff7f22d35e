/**
 * The 委任先 of a principal who answered 委任状 (DESIGN.md §12.1, decision 0028): the chair, or
 * another principal the company may see (its own invitees), saved as the answer's `delegate_to`.
 * The server refuses a delegate who delegates in turn (422 delegation_chain), said in Japanese.
 */
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { SaveBar } from '../../../common/written-votes/SaveBar';
import { isHttpError } from '../../../api/errors';
import { portalKeys, type CompanyInvitee } from '../../api';
import { putDelegate } from './api';

const CHAIR = 'chair';

export interface DelegateChoiceProps {
  invitee: CompanyInvitee;
  /** the other principals of the conference the company sees */
  candidates: CompanyInvitee[];
  open: boolean;
}

export const DelegateChoice = ({ invitee, candidates, open }: DelegateChoiceProps) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const recorded = invitee.delegate_to == null ? CHAIR : String(invitee.delegate_to);
  const [value, setValue] = useState(recorded);
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const fieldId = `delegate-${invitee.id}`;

  const save = async () => {
    setSaving(true);
    setBanner(null);
    try {
      await putDelegate(invitee.id, invitee.version, value === CHAIR ? null : Number(value));
      setBanner({ severity: 'success', text: translate('kaigi.written.delegate_saved') });
    } catch (error) {
      setBanner({
        severity: 'error',
        text: `${translate('kaigi.written.error')} ${isHttpError(error) ? translate(error.messageKey) : ''}`.trim(),
      });
    } finally {
      setSaving(false);
      // the answer form and this choice read the row again (its version moved on, or someone else's did)
      void queryClient.invalidateQueries({ queryKey: portalKeys.detail(String(invitee.conference_id)) });
    }
  };

  return (
    <Stack spacing={1} data-testid={fieldId}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('kaigi.written.delegate_title')}
      </Typography>
      <TextField
        select
        id={fieldId}
        label={translate('kaigi.written.delegate_to')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        disabled={!open || saving}
        size="small"
        sx={{ maxWidth: 420 }}
        helperText={translate('kaigi.written.delegate_only_own')}
      >
        <MenuItem value={CHAIR}>{translate('kaigi.written.chair')}</MenuItem>
        {candidates.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.member.title ? `${c.member.name}（${c.member.title}）` : c.member.name}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        {translate('kaigi.written.delegate_note')}
      </Typography>
      <SaveBar
        banner={banner}
        open={open}
        disabled={saving || value === recorded}
        label={translate('kaigi.written.delegate_save')}
        onSave={() => void save()}
      />
    </Stack>
  );
};
