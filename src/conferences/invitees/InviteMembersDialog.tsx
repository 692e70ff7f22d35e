/**
 * 会員を選んで招待 (issue 4 §3): search the chamber's members (name, kana, company; those whose
 * membership covers the event day), tick them, invite them at once (mode many). Members already
 * invited are shown as such and cannot be ticked (the server would refuse the whole request).
 * At most SEARCH_PAGE_SIZE matches are shown; when there are more, a hint asks to narrow the
 * search. A failed search says so and offers to retry.
 */
import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useGetList, useTranslate, type Identifier } from 'react-admin';
import type { KaigiDataProvider } from '../../providers/dataProvider';
import { toDisplayDate } from '../../utils/dates';
import { MEMBER_CATEGORIES } from '../answerTally';
import { problemMessage } from '../problemMessage';
import type { InviteResult, MemberCategory } from '../types';
import { LoadError } from '../LoadError';
import { DraftRestoredNotice } from '../../common/drafts/DraftRestoredNotice';
import { useDebounced } from '../../common/useDebounced';
import type { InviteMembersDraft } from './useInviteDraft';

/** The matches shown at once; more are reached by narrowing the search. */
export const SEARCH_PAGE_SIZE = 50;

interface MemberRow {
  id: Identifier;
  name: string;
  name_kana?: string | null;
  title?: string | null;
  company_code?: string;
  company?: { name1?: string; company_code?: string };
}

export interface InviteMembersDialogProps {
  open: boolean;
  conferenceId: Identifier;
  /** The conference's start: only members whose membership covers that day are offered. */
  eventDate?: string | null;
  /** Members already invited to this conference. */
  invitedMemberIds: ReadonlySet<number>;
  onClose: () => void;
  onInvited: () => void;
  /** Picked before the session ended (restored after sign-in): shown with the notice. */
  restored?: InviteMembersDraft;
  /** Told what is picked whenever it changes; undefined when nothing is (useInviteDraft). */
  onDraftChange?: (draft: InviteMembersDraft | undefined) => void;
}

export const InviteMembersDialog = ({
  open,
  conferenceId,
  eventDate,
  invitedMemberIds,
  onClose,
  onInvited,
  restored,
  onDraftChange,
}: InviteMembersDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const titleId = useId();
  const [keyword, setKeyword] = useState(restored?.keyword ?? '');
  const [selected, setSelected] = useState<Set<number>>(() => new Set(restored?.member_ids));
  const [category, setCategory] = useState<MemberCategory>(restored?.category ?? 'principal');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const search = useDebounced(keyword.trim(), 300);
  const day = eventDate ? toDisplayDate(eventDate)?.format('YYYY-MM-DD') : undefined;

  const {
    data: members,
    total,
    isPending,
    error: searchError,
    refetch,
  } = useGetList<MemberRow>(
    'members',
    {
      pagination: { page: 1, perPage: SEARCH_PAGE_SIZE },
      sort: { field: 'company_code', order: 'ASC' },
      filter: { expand: 'company', ...(search ? { q: search } : {}), ...(day ? { active_on: day } : {}) },
    },
    { enabled: open },
  );
  const shown = members?.length ?? 0;
  // the list answers the typed keyword only once the debounced search is asked and answered:
  // meanwhile the previous matches are not offered for ticking (issue 15 item 2)
  const searching = isPending || search !== keyword.trim();

  useEffect(() => {
    onDraftChange?.(selected.size > 0 ? { dialog: 'members', member_ids: [...selected], category, keyword } : undefined);
  }, [onDraftChange, selected, category, keyword]);

  const close = () => {
    if (busy) return;
    setKeyword('');
    setSelected(new Set());
    setCategory('principal');
    setError(null);
    setCreated(null);
    onClose();
  };

  const toggle = (member: MemberRow) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(Number(member.id))) next.delete(Number(member.id));
      else next.add(Number(member.id));
      return next;
    });

  const submit = async () => {
    if (selected.size === 0) return;
    setBusy(true);
    setError(null);
    try {
      const result = (await dataProvider.inviteMembers(conferenceId, [...selected], category)) as InviteResult;
      setCreated(result.created?.length ?? 0);
      setSelected(new Set());
      onInvited();
    } catch (e) {
      setError(problemMessage(e, translate));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('kaigi.conferences.invite_members.title')}</DialogTitle>
      <DialogContent>
        {/* only when restored: the dialog's other live regions stay the only ones otherwise */}
        {restored && <DraftRestoredNotice show />}
        <div aria-live="polite">
          {created !== null && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {translate('kaigi.conferences.invite_members.result', { created })}
            </Alert>
          )}
        </div>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={translate('kaigi.conferences.invite_members.search')}
          helperText={translate('kaigi.conferences.invite_members.search_help')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          type="search"
          fullWidth
          sx={{ mt: 1 }}
          autoFocus
        />
        <Box sx={{ minHeight: 200, maxHeight: 360, overflowY: 'auto', my: 1 }}>
          {searchError ? (
            <LoadError error={searchError} onRetry={() => void refetch()} sx={{ m: 1 }} />
          ) : searching ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress size={24} aria-label={translate('kaigi.progress.loading')} />
            </Box>
          ) : shown === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }} role="status">
              {translate('kaigi.conferences.invite_members.none_found')}
            </Typography>
          ) : (
            <List dense>
              {(members ?? []).map((member) => {
                const invited = invitedMemberIds.has(Number(member.id));
                const company = member.company?.name1 ?? member.company_code ?? '';
                const checked = invited || selected.has(Number(member.id));
                return (
                  <ListItem key={member.id} disablePadding>
                    <ListItemButton onClick={() => toggle(member)} disabled={invited || busy} dense>
                      <ListItemIcon>
                        <Checkbox
                          edge="start"
                          checked={checked}
                          disabled={invited || busy}
                          tabIndex={-1}
                          disableRipple
                          slotProps={{
                            input: {
                              'aria-label': translate('kaigi.conferences.invite_members.select_member', {
                                name: member.name,
                                company,
                              }),
                            },
                          }}
                        />
                      </ListItemIcon>
                      <ListItemText
                        primary={member.title ? `${member.name}（${member.title}）` : member.name}
                        secondary={invited ? `${company} — ${translate('kaigi.conferences.invite_members.already')}` : company}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
        </Box>
        {!searchError && !searching && total !== undefined && total > shown && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
            {translate('kaigi.conferences.invite_members.more_results', { total, shown })}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography aria-live="polite">
            {translate('kaigi.conferences.invite_members.selected', { count: selected.size })}
          </Typography>
          <TextField
            select
            size="small"
            label={translate('kaigi.conferences.invite_rule.category')}
            value={category}
            onChange={(event) => setCategory(event.target.value as MemberCategory)}
            disabled={busy}
            sx={{ minWidth: 160 }}
          >
            {MEMBER_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {translate(`kaigi.conferences.category.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate(created !== null ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy || selected.size === 0}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('kaigi.conferences.invite_members.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
