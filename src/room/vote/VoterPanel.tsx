/**
 * The voter's 採決 on their phone (/room/:token; DESIGN.md §12.1, decisions 0028 and 0034): while a
 * poll is open, the 議案, how it is voted, the link's own vote and the 委任状 votes it carries;
 * after close, 締め切り and then 可決 / 否決. Live: the room's `vote` event (and a reconnect) asks
 * `…/polls/current` again. Shows nothing while no vote is under way.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { isHttpError } from '../../api/errors';
import { visuallyHidden } from '../../company/visuallyHidden';
import { useRoom } from '../RoomContext';
import { voteApi, type OpenPoll, type VoteChoice, type VoteSlot } from './api';
import { VoteSlotControl } from './VoteSlotControl';

interface Loaded {
  poll: OpenPoll | null;
  error: unknown;
}

/** Says a vote opened to a screen reader (the panel appears above the room without focus moving). */
const OpenedAnnouncement = ({ poll }: { poll: OpenPoll | null }) => {
  const translate = useTranslate();
  return (
    <Box role="status" sx={visuallyHidden}>
      {poll ? translate('kaigi.vote.opened', { motion: `${poll.motion.number} ${poll.motion.title}` }) : ''}
    </Box>
  );
};

const useVoterPoll = (token: string) => {
  const { vote, connected } = useRoom();
  const api = useMemo(() => voteApi(token), [token]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [generation, setGeneration] = useState(0);

  // again at each `vote` event, each (re)connection of the stream and each 再読み込み
  useEffect(() => {
    const controller = new AbortController();
    api
      .current(controller.signal)
      .then(({ poll }) => setLoaded({ poll, error: null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded((before) => ({ poll: before?.poll ?? null, error }));
      });
    return () => controller.abort();
  }, [api, vote, connected, generation]);

  const cast = useCallback(
    async (slot: VoteSlot, choice: VoteChoice) => {
      const poll = loaded?.poll;
      if (!poll) return;
      try {
        const own = slot.conference_member_id === poll.own?.conference_member_id;
        const answer = await api.cast(poll.id, own ? { choice } : { choice, conference_member_id: slot.conference_member_id });
        setLoaded({ poll: answer.poll, error: null });
      } catch (error) {
        // closed meanwhile, already voted …: show the poll as it now is, beside the message
        if (isHttpError(error) && [404, 409, 422].includes(error.status)) setGeneration((g) => g + 1);
        throw error;
      }
    },
    [api, loaded],
  );

  return { state: loaded, cast, retry: () => setGeneration((g) => g + 1), vote };
};

const VoterPanelBody = ({ state: loaded, cast, retry, vote }: ReturnType<typeof useVoterPoll>) => {
  const translate = useTranslate();
  if (!loaded) return null;
  const poll = loaded.poll;
  if (loaded.error && !poll) {
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {translate('kaigi.vote.retry')}
          </Button>
        }
      >
        {translate('kaigi.vote.load_error')}
      </Alert>
    );
  }
  if (!poll) {
    // the last poll heard of has left `current`: closed, then declared
    if (!vote || vote.poll.status === 'open') return null;
    const motion = `${vote.motion.number}「${vote.motion.title}」`;
    const text = vote.motion.result
      ? translate(`kaigi.vote.${vote.motion.result}`, { motion })
      : translate('kaigi.vote.closed', { motion });
    return (
      <Alert
        severity={vote.motion.result === 'adopted' ? 'success' : 'info'}
        role="status"
        sx={{ mb: 2 }}
        data-testid="vote-result"
      >
        {text}
      </Alert>
    );
  }

  const legendOf = (slot: VoteSlot) =>
    translate('kaigi.vote.carried', {
      name: slot.company_name ? `${slot.name}（${slot.company_name}）` : slot.name,
    });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="vote-title"
      data-testid="voter-panel"
      sx={{ p: { xs: 1.5, md: 2 }, mb: 2, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h2" variant="h6" id="vote-title" sx={{ overflowWrap: 'anywhere', flex: '1 1 auto' }}>
          {translate('kaigi.vote.title')}：{poll.motion.number}
        </Typography>
        <Chip label={translate(`kaigi.vote.method.${poll.method}`)} color="primary" size="small" />
      </Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {poll.motion.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`kaigi.vote.method_note.${poll.method}`)}
      </Typography>
      {loaded.error ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('kaigi.vote.load_error')}
        </Alert>
      ) : null}
      {poll.method !== 'show_of_hands' && (
        <Stack spacing={2}>
          {poll.own ? (
            <VoteSlotControl poll={poll} slot={poll.own} legend={translate('kaigi.vote.own')} onCast={cast} />
          ) : (
            <Typography variant="body2">{translate('kaigi.vote.no_vote')}</Typography>
          )}
          {poll.carried.length > 0 && (
            <Box component="section" aria-labelledby="vote-carried-title">
              <Typography component="h3" variant="subtitle1" id="vote-carried-title" sx={{ fontWeight: 700 }}>
                {translate('kaigi.vote.carried_title', { count: poll.carried.length })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('kaigi.vote.carried_note')}
              </Typography>
              <Stack spacing={1.5}>
                {poll.carried.map((slot) => (
                  <VoteSlotControl
                    key={slot.conference_member_id}
                    poll={poll}
                    slot={slot}
                    legend={legendOf(slot)}
                    onCast={cast}
                  />
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      )}
    </Paper>
  );
};

export const VoterPanel = ({ token }: { token: string }) => {
  const loaded = useVoterPoll(token);
  return (
    <>
      <OpenedAnnouncement poll={loaded.state?.poll ?? null} />
      <VoterPanelBody {...loaded} />
    </>
  );
};
