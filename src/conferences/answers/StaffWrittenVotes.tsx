/**
 * 書面議決 staff record from paper, FAX … inside the record-answer dialog (DESIGN.md §12.1, the
 * channel as §11.2): the principal's votes per 議案 (GET …/conference_members/{id}/written_votes),
 * saved apart from the answer with the channel chosen in the dialog (紙 when none is chosen yet).
 * Nothing for a non-principal or a conference without 議案.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { httpClient } from '../../api/httpClient';
import { WrittenVoteForm, type WrittenVotes, type WrittenVotesBody } from '../../common/written-votes/WrittenVoteForm';
import type { StaffChannel } from '../channels';
import type { InviteeRecord } from '../useConferenceMembers';

const path = (id: number) => `/v1/cci/admin/master/conference_members/${encodeURIComponent(String(id))}/written_votes`;
const key = (id: number) => ['kaigi', 'staff', 'written-votes', id] as const;

export const StaffWrittenVotes = ({ row, channel }: { row: InviteeRecord; channel: StaffChannel | '' }) => {
  const translate = useTranslate();
  const id = Number(row.id);
  const principal = row.category === 'principal';
  const query = useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) => httpClient.get<WrittenVotes>(path(id), { signal }),
    enabled: principal,
  });
  if (!principal) return null;
  if (query.isError) {
    return (
      <Alert severity="error" role="alert">
        {translate('kaigi.written.load_error')}
      </Alert>
    );
  }
  if (!query.data) return <CircularProgress size={24} aria-label={translate('kaigi.written.loading')} />;
  if (query.data.data.length === 0) return null;

  const save = async (votes: WrittenVotesBody) =>
    (await httpClient.request<WrittenVotes>(path(id), { method: 'PUT', body: { votes, channel: channel || 'paper' } })).json;

  return (
    <Box component="section" aria-labelledby={`staff-written-${id}`} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography component="h3" variant="subtitle1" id={`staff-written-${id}`} sx={{ fontWeight: 700 }}>
        {translate('kaigi.written.staff_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('kaigi.written.staff_help', {
          channel: translate(`kaigi.channels.short.${channel || 'paper'}`),
        })}
      </Typography>
      <WrittenVoteForm
        personName={row.member?.name ?? String(row.member_id)}
        votes={query.data}
        open
        queryKey={key(id)}
        save={save}
      />
    </Box>
  );
};
