/**
 * 議案への書面議決・委任状 on /company/meetings/:id (DESIGN.md §12.1, issue 34), lazy-loaded below
 * the answer form (the page's bundle budget, bench/results/web.md). For each principal of the
 * conference: the 委任先 when they answered 委任状, else their 書面議決 per 議案. Nothing when the
 * conference has no 議案. Until the answer deadline; after it, read-only. The 議案's files once,
 * above the principals (every principal votes on the same 議案).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { CompanyConference } from '../../api';
import { WrittenVoteForm } from '../../../common/written-votes/WrittenVoteForm';
import { fetchWrittenVotes, putWrittenVotes, writtenVotesKey, type WrittenVotes } from './api';
import { DelegateChoice } from './DelegateChoice';
import { AttachmentList } from '../AttachmentList';

/** Each 議案 with files: its name and the download list (company get_object_url, AttachmentList). */
const MotionDocuments = ({ votes }: { votes: WrittenVotes }) => {
  const translate = useTranslate();
  const withFiles = votes.data.filter((v) => v.attachments.length > 0);
  if (withFiles.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('kaigi.written.documents_title')}
      </Typography>
      <Stack spacing={1.5}>
        {withFiles.map((v) => (
          <Box key={v.motion_id}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 0.5 }}>
              {`${v.number} ${v.title}`}
            </Typography>
            <AttachmentList
              files={v.attachments}
              label={translate('kaigi.written.documents_of', { motion: `${v.number} ${v.title}` })}
            />
          </Box>
        ))}
      </Stack>
    </Box>
  );
};

export const WrittenVotesSection = ({ detail }: { detail: CompanyConference }) => {
  const translate = useTranslate();
  const principals = (detail.members ?? []).filter((m) => m.conference_id === detail.id && m.category === 'principal');
  const queries = useQueries({
    queries: principals.map((p) => ({
      queryKey: writtenVotesKey(p.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchWrittenVotes(p.id, signal),
    })),
  });
  const open = detail.answer_status !== 'closed';

  if (principals.length === 0) return null;
  if (queries.some((q) => q.isError)) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => queries.forEach((q) => q.isError && void q.refetch())}>
            {translate('kaigi.written.retry')}
          </Button>
        }
      >
        {translate('kaigi.written.load_error')}
      </Alert>
    );
  }
  if (queries.some((q) => !q.data)) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label={translate('kaigi.written.loading')} />
      </Box>
    );
  }
  // no 議案 in this conference: nothing to vote on
  if (queries.every((q) => q.data!.data.length === 0)) return null;

  return (
    <Box component="section" aria-labelledby="written-votes-title" data-testid="written-votes">
      <Typography component="h2" variant="h6" id="written-votes-title" gutterBottom>
        {translate('kaigi.written.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('kaigi.written.help')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('kaigi.written.supersede_note')}
      </Typography>
      <MotionDocuments votes={queries[0].data!} />
      {!open && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('kaigi.written.closed')}
        </Alert>
      )}
      <Stack spacing={2}>
        {principals.map((p, i) => {
          const votes = queries[i].data!;
          return (
            <Card variant="outlined" key={p.id} component="article" aria-labelledby={`written-person-${p.id}`}>
              <CardContent>
                <Typography component="h3" variant="subtitle1" id={`written-person-${p.id}`} sx={{ fontWeight: 700, mb: 1 }}>
                  {p.member.name}
                </Typography>
                {p.answer_content === 'delegate' ? (
                  <DelegateChoice
                    key={`${p.id}-${p.version}`}
                    invitee={p}
                    candidates={principals.filter((c) => c.id !== p.id)}
                    open={open}
                  />
                ) : (
                  <WrittenVoteForm
                    // anew when a 議案 comes or is put to the vote (a save keeps its own message)
                    key={votes.data.map((v) => `${v.motion_id}:${v.motion_status}`).join()}
                    personName={p.member.name}
                    votes={votes}
                    open={open}
                    queryKey={writtenVotesKey(p.id)}
                    save={(body) => putWrittenVotes(p.id, body)}
                  />
                )}
              </CardContent>
            </Card>
          );
        })}
      </Stack>
    </Box>
  );
};

export default WrittenVotesSection;
