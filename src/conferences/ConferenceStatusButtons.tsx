/**
 * Status transitions (DESIGN.md §4: draft → published → closed → held, or cancelled): one button
 * per change the server allows from the current status (conferenceStatus.ts), each confirmed,
 * sent as PUT { version, status }. A refused change (422 invalid_status_transition) and a stale
 * version (409) are told in Japanese; the record is then reloaded. Issue 13 (DESIGN.md §11.2):
 * publishing with a past deadline (422 answer_deadline_past) asks again and resends with
 * allow_past_deadline; the response's warnings (a sub-conference without invitees) are shown; a
 * closed conference offers 回答受付を再開 (ReopenDialog). Each confirmation says which message the
 * change mails and to how many companies (MailPreviewText, issue 33).
 */
import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { problemCode } from '../common/apiErrors';
import { formatDateTimeWithWeekday } from '../utils/dates';
import { nextStatuses, statusLabelKey, type ConferenceStatus } from './conferenceStatus';
import { problemMessage } from './problemMessage';
import { ReopenDialog } from './ReopenDialog';
import { MailPreviewText } from './MailPreviewText';
import { useConferenceWarnings } from './useConferenceWarnings';
import type { Conference } from './types';

const BUTTON_COLORS: Record<ConferenceStatus, 'primary' | 'warning' | 'success' | 'error' | 'inherit'> = {
  draft: 'inherit',
  published: 'primary',
  closed: 'warning',
  held: 'success',
  cancelled: 'error',
};

/**
 * Rendered only once the record is there: a useCanAccess in the Edit's actions while the record is
 * still loading shares react-admin's own ['auth','canAccess',{action:'edit'}] query, and moving to
 * the record's key cancels it mid-flight, which left <Edit> showing its auth loader for good.
 */
export const ConferenceStatusButtons = () => {
  const record = useRecordContext<Conference>();
  return record ? <StatusButtons record={record} /> : null;
};

const StatusButtons = ({ record }: { record: Conference }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<Conference>();
  const [target, setTarget] = useState<ConferenceStatus | null>(null);
  const [pastDeadline, setPastDeadline] = useState(false);
  const [reopening, setReopening] = useState(false);
  const showWarnings = useConferenceWarnings();
  const { canAccess } = useCanAccess({ resource: 'conferences', action: 'edit', record });
  if (!canAccess) return null;
  const options = nextStatuses(record.status);
  if (options.length === 0) return null;

  const from = translate(statusLabelKey(record.status));
  const change = (extra: { allow_past_deadline?: true } = {}) => {
    if (!target) return;
    const to = target;
    update(
      'conferences',
      { id: record.id, data: { status: to, version: record.version, ...extra }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (data) => {
          setTarget(null);
          setPastDeadline(false);
          const done = translate('kaigi.conferences.transition.done', { status: translate(statusLabelKey(to)) });
          if (!showWarnings(data, done)) notify(done, { type: 'success', messageArgs: { _: done } });
        },
        onError: (error) => {
          if (to === 'published' && !extra.allow_past_deadline && problemCode(error) === 'answer_deadline_past') {
            // ask again; the target stays for the second try
            setPastDeadline(true);
            return;
          }
          setTarget(null);
          setPastDeadline(false);
          notify(problemMessage(error, translate), { type: 'error' });
          refresh();
        },
      },
    );
  };

  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={translate('kaigi.conferences.transition.title')}
      sx={{ flexWrap: 'wrap' }}
    >
      {record.status === 'closed' && (
        <Button size="small" variant="outlined" onClick={() => setReopening(true)} disabled={isPending}>
          {translate('kaigi.reopen.button')}
        </Button>
      )}
      {options.map((status) => (
        <Button
          key={status}
          size="small"
          variant={status === 'cancelled' ? 'outlined' : 'contained'}
          color={BUTTON_COLORS[status]}
          onClick={() => setTarget(status)}
          disabled={isPending}
        >
          {translate(`kaigi.conferences.transition.${status}`)}
        </Button>
      ))}
      <Confirm
        isOpen={target !== null && !pastDeadline}
        loading={isPending}
        title="kaigi.conferences.transition.confirm_title"
        content={
          <>
            {translate(
              // the sub-conferences follow (DESIGN.md §11.2): said only where there are some
              (record.sub_conferences?.length ?? 0) > 0
                ? 'kaigi.conferences.transition.confirm_content'
                : 'kaigi.conferences.transition.confirm_content_sub',
              { name: record.name, from, to: target ? translate(statusLabelKey(target)) : '' },
            )}
            {target && <MailPreviewText conferenceId={record.id} body={{ status: target }} />}
          </>
        }
        translateOptions={{ status: target ? translate(statusLabelKey(target)) : '' }}
        confirmColor={target === 'cancelled' ? 'warning' : 'primary'}
        onConfirm={() => change()}
        onClose={() => setTarget(null)}
      />
      <Confirm
        isOpen={pastDeadline}
        loading={isPending}
        title="kaigi.past_deadline.title"
        content="kaigi.past_deadline.content"
        translateOptions={{ deadline: formatDateTimeWithWeekday(record.answer_deadline) }}
        confirm="kaigi.past_deadline.confirm"
        confirmColor="warning"
        onConfirm={() => change({ allow_past_deadline: true })}
        onClose={() => {
          setPastDeadline(false);
          setTarget(null);
        }}
      />
      {reopening && <ReopenDialog record={record} onClose={() => setReopening(false)} />}
    </Stack>
  );
};
