/**
 * The vote on the 定足数 board (DESIGN.md §12.1 "the quorum board shows the open poll (hidden counts
 * until close, or live, per poll)"): while a poll is open, its 議案, method and how many voted, and
 * the tally so far only when staff chose live counts (記名; the staff stream carries them only
 * then); once closed, the tally and, when declared, the result. Nothing while no vote was taken.
 */
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Motion, Poll } from '../motions/types';
import { PollTally } from './PollTally';
import type { VoteDesk } from './useVoteDesk';

/** The open poll of the conference with its 議案, else the newest one taken. */
const latestPoll = (desk: VoteDesk): { motion: Motion; poll: Poll } | null => {
  const all = (desk.motions ?? []).flatMap((motion) => (desk.polls[motion.id] ?? []).map((poll) => ({ motion, poll })));
  const rank = ({ poll }: { poll: Poll }) => (poll.status === 'open' ? 1 : 0);
  all.sort((a, b) => rank(b) - rank(a) || Date.parse(b.poll.opened_at) - Date.parse(a.poll.opened_at) || b.poll.id - a.poll.id);
  return all[0] ?? null;
};

export const BoardPollView = ({ desk }: { desk: VoteDesk }) => {
  const translate = useTranslate();
  const latest = latestPoll(desk);
  if (!latest) return null;
  const { motion, poll } = latest;
  const method = translate(`kaigi.votes.method.${poll.method}`);
  const names = { number: motion.number, title: motion.title };
  const progress = desk.progress[poll.id];
  const voters = poll.entitled.present + poll.entitled.delegated;
  const open = poll.status === 'open';
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 1.5, md: 3 }, mt: 2 }} aria-labelledby="board-poll-heading">
      <Typography variant="h5" component="h2" id="board-poll-heading" sx={{ fontWeight: 700 }}>
        {translate(open ? 'kaigi.votes.board.heading' : 'kaigi.votes.board.closed_heading', names)}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
        <Typography>{method}</Typography>
        {open && poll.method !== 'show_of_hands' && progress && (
          <Typography aria-live="polite">{translate('kaigi.votes.progress', { voted: progress.voted, voters })}</Typography>
        )}
      </Stack>
      {open ? (
        progress?.live_counts ? (
          <PollTally counts={progress.live_counts} caption={translate('kaigi.votes.tally.live')} large />
        ) : (
          <Typography color="text.secondary">
            {translate(poll.show_counts_live ? 'kaigi.votes.progress_unknown' : 'kaigi.votes.board.hidden')}
          </Typography>
        )
      ) : (
        poll.counts && <PollTally counts={poll.counts} caption="" large />
      )}
      {!open && motion.status === 'declared' && motion.result && (
        <Typography variant="h4" component="p" sx={{ mt: 1, fontWeight: 700 }} role="status">
          {translate('kaigi.votes.result', {
            result: `${translate(`kaigi.motions.result.${motion.result}`)}${motion.chair_decision ? translate('kaigi.motions.chair_decided') : ''}`,
          })}
        </Typography>
      )}
    </Paper>
  );
};
