/**
 * 回答状況 (issue 4 §3): the tallies by answer (出席 / 欠席 / 代理出席 / 委任状 / 未回答) and the
 * response rates (companies and people answered / invited) of the conference and of each
 * sub-conference, then, for the chosen conference, every company with each invitee's answer.
 */
import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Grid,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useCanAccess, useTranslate, type Identifier } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatDateTimeWithWeekday } from '../../utils/dates';
import { ANSWER_KEYS, answerKeyOf, groupByCompany, tallyConference, type AnswerKey } from '../answerTally';
import { CompanyAnswerChip } from '../ConferenceChips';
import { LoadError } from '../LoadError';
import { useConferenceMembers, type InviteeRecord } from '../useConferenceMembers';
import type { Conference } from '../types';
import { AnswerSummary } from './AnswerSummary';
import { RecordAnswerDialog } from './RecordAnswerDialog';
import { TallyCard } from './TallyCard';

export interface AnswersTabProps {
  /** The conference and its sub-conferences, parent first. */
  conferences: ReadonlyArray<Pick<Conference, 'id' | 'name' | 'event_date' | 'parent_id'> & { allow_delegate?: boolean }>;
  /** The conference whose per-company answers are listed. */
  targetId: Identifier;
}

/** Staff record an invitee's answer (FAX, phone…) from its row. */
export const RecordAnswerButton = ({ row, onClick }: { row: InviteeRecord; onClick: (row: InviteeRecord) => void }) => {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      startIcon={<EditNoteIcon />}
      onClick={() => onClick(row)}
      aria-label={translate('kaigi.record_answer.open_label', { name: row.member?.name ?? String(row.member_id) })}
      // phones: the icon only (the accessible name stays)
      sx={{ whiteSpace: 'nowrap', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {translate('kaigi.record_answer.open')}
      </Box>
    </Button>
  );
};

const ByCompany = ({
  rows,
  onRecord,
}: {
  rows: InviteeRecord[];
  /** absent without the right to edit invitees */
  onRecord?: (row: InviteeRecord) => void;
}) => {
  const translate = useTranslate();
  // ?answer=none: the staff home's 締切が近い未回答 opens the list on the unanswered (issue 15 item 5)
  const [params] = useSearchParams();
  const linked = params.get('answer');
  const [answer, setAnswer] = useState<AnswerKey | ''>(
    (ANSWER_KEYS as readonly string[]).includes(linked ?? '') ? (linked as AnswerKey) : '',
  );
  const groups = useMemo(() => groupByCompany(rows), [rows]);
  const shown = groups
    .map((group) => ({
      ...group,
      shownRows: answer ? group.rows.filter((r) => answerKeyOf(r.answer_content) === answer) : group.rows,
    }))
    .filter((group) => group.shownRows.length > 0);

  return (
    <Box component="section" aria-labelledby="answers-by-company">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h6" component="h2" id="answers-by-company" sx={{ flexGrow: 1 }}>
          {translate('kaigi.conferences.answers.by_company')}
        </Typography>
        <TextField
          select
          fullWidth={false}
          size="small"
          label={translate('kaigi.conferences.answers.filter_answer')}
          value={answer}
          onChange={(event) => setAnswer(event.target.value as AnswerKey | '')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{translate('kaigi.conferences.answers.filter_all')}</MenuItem>
          {ANSWER_KEYS.map((key) => (
            <MenuItem key={key} value={key}>
              {translate(`kaigi.conferences.answer.${key}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {shown.length === 0 ? (
        <Typography color="text.secondary" role="status" sx={{ p: 2 }}>
          {translate('kaigi.conferences.answers.no_match')}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby="answers-by-company">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.conference_members.fields.member')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {translate('resources.conference_members.fields.title')}
              </TableCell>
              <TableCell>{translate('resources.conference_members.fields.answer_content')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {translate('resources.conference_members.fields.answered_at')}
              </TableCell>
              {onRecord && <TableCell />}
            </TableRow>
          </TableHead>
          {shown.map((group) => {
            const company = group.rows[0]?.company;
            return (
              <TableBody key={group.companyId} data-testid={`company-${group.companyId}`}>
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell colSpan={onRecord ? 5 : 4} component="th" scope="rowgroup">
                    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="subtitle2" component="span">
                        {company
                          ? translate('kaigi.conferences.answers.company_heading', {
                              name: company.name1,
                              code: company.company_code,
                            })
                          : String(group.companyId)}
                      </Typography>
                      <CompanyAnswerChip summary={group.summary} />
                      <Typography variant="caption" color="text.secondary" component="span">
                        {translate('kaigi.conferences.answers.company_summary', {
                          answered: group.answered,
                          total: group.rows.length,
                        })}
                      </Typography>
                    </Stack>
                  </TableCell>
                </TableRow>
                {group.shownRows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.member?.name ?? row.member_id}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.member?.title ?? ''}</TableCell>
                    <TableCell>
                      <AnswerSummary row={row} />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {formatDateTimeWithWeekday(row.answer_received_at ?? row.answered_at)}
                    </TableCell>
                    {onRecord && (
                      <TableCell align="right">
                        <RecordAnswerButton row={row} onClick={onRecord} />
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            );
          })}
        </Table>
      )}
    </Box>
  );
};

export const AnswersTab = ({ conferences, targetId }: AnswersTabProps) => {
  const translate = useTranslate();
  const ids = conferences.map((c) => c.id);
  const { rows, isPending, error, refetch } = useConferenceMembers(ids);
  const { canAccess: canEdit } = useCanAccess({ resource: 'conference_members', action: 'edit' });
  const [recording, setRecording] = useState<InviteeRecord | null>(null);

  const byConference = useMemo(() => {
    const map = new Map<number, InviteeRecord[]>();
    for (const row of rows) {
      const list = map.get(Number(row.conference_id)) ?? [];
      list.push(row);
      map.set(Number(row.conference_id), list);
    }
    return map;
  }, [rows]);

  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={translate('kaigi.progress.loading')} />
      </Box>
    );
  }

  const targetRows = byConference.get(Number(targetId)) ?? [];
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="answers-tallies">
        <Typography variant="h6" component="h2" id="answers-tallies" sx={{ mb: 1 }}>
          {translate('kaigi.conferences.answers.tallies')}
        </Typography>
        <Grid container spacing={2}>
          {conferences.map((conference) => (
            <Grid key={conference.id} size={{ xs: 12, md: 6, lg: 4 }}>
              <TallyCard conference={conference} tally={tallyConference(byConference.get(Number(conference.id)) ?? [])} />
            </Grid>
          ))}
        </Grid>
      </Box>
      {targetRows.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {translate('kaigi.conferences.answers.empty')}
        </Typography>
      ) : (
        <ByCompany rows={targetRows} onRecord={canEdit ? setRecording : undefined} />
      )}
      <RecordAnswerDialog
        row={recording}
        allowDelegate={conferences.find((c) => c.id === targetId)?.allow_delegate ?? false}
        invitees={recording ? (byConference.get(Number(recording.conference_id)) ?? []) : []}
        onClose={() => setRecording(null)}
        onSaved={() => void refetch()}
      />
    </Stack>
  );
};
