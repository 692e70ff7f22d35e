/**
 * One conference's tally on 回答状況 (issue 4 §3): people by answer, the response rates of
 * companies and people, and (issue 13, DESIGN.md §11.2) the answered by channel.
 */
import { Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTimeWithWeekday } from '../../utils/dates';
import { ANSWER_KEYS, formatPercent, type ConferenceTally, type Rate } from '../answerTally';
import { ANSWER_CHANNELS, channelShortKey } from '../channels';
import type { Conference } from '../types';

const RateLine = ({ label, rate, testId }: { label: string; rate: Rate; testId: string }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }} data-testid={testId}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {rate.invited === 0
          ? translate('kaigi.conferences.answers.rate_none')
          : translate('kaigi.conferences.answers.rate_value', {
              answered: rate.answered,
              invited: rate.invited,
              percent: formatPercent(rate.ratio),
            })}
      </Typography>
    </Stack>
  );
};

export const TallyCard = ({
  conference,
  tally,
}: {
  conference: Pick<Conference, 'id' | 'name' | 'event_date'>;
  tally: ConferenceTally;
}) => {
  const translate = useTranslate();
  const caption = translate('kaigi.conferences.answers.tally_caption', { name: conference.name });
  const channels = ANSWER_CHANNELS.filter((channel) => tally.byChannel[channel] > 0);
  return (
    <Card variant="outlined" component="section" aria-label={caption} data-testid={`tally-${conference.id}`}>
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {conference.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {formatDateTimeWithWeekday(conference.event_date)}
        </Typography>
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('kaigi.conferences.answers.answer')}</TableCell>
              <TableCell align="right">{translate('kaigi.conferences.answers.people')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ANSWER_KEYS.map((key) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  {translate(`kaigi.conferences.answer.${key}`)}
                </TableCell>
                <TableCell align="right">{tally.byAnswer[key]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          <RateLine
            label={translate('kaigi.conferences.answers.companies_rate')}
            rate={tally.companies}
            testId={`companies-rate-${conference.id}`}
          />
          {tally.partialCompanies > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
              {translate('kaigi.conferences.answers.partial_companies', { count: tally.partialCompanies })}
            </Typography>
          )}
          <RateLine
            label={translate('kaigi.conferences.answers.people_rate')}
            rate={tally.people}
            testId={`people-rate-${conference.id}`}
          />
        </Stack>
        {channels.length > 0 && (
          <Stack
            component="dl"
            direction="row"
            spacing={1.5}
            useFlexGap
            aria-label={translate('kaigi.channels.tally_title')}
            data-testid={`channels-${conference.id}`}
            sx={{ flexWrap: 'wrap', mt: 1.5, mb: 0, '& dt, & dd': { m: 0, display: 'inline' } }}
          >
            {channels.map((channel) => (
              <Typography key={channel} variant="caption" color="text.secondary" component="div">
                <dt>{translate(channelShortKey(channel))}</dt> <dd>{tally.byChannel[channel]}</dd>
              </Typography>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
