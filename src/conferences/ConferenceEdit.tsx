/**
 * 会議の編集 (issue 4 §3), in four tabs with their own URLs:
 * - /conferences/:id            基本情報: the form (version-checked save; a 409 offers to reload
 *                               without losing what was typed), status buttons, sub-conferences;
 * - /conferences/:id/invitees   招待者 (invitees/InviteesTab.tsx);
 * - /conferences/:id/answers    回答状況 (answers/AnswersTab.tsx);
 * - /conferences/:id/companies  招待事業所 (answers/CompaniesTab.tsx);
 * - /conferences/:id/attachments 添付資料 (attachments/AttachmentsTab.tsx: this conference's own files);
 * - /conferences/:id/notifications 送信履歴 (notifications/NotificationsTab.tsx, issue 13);
 * - /conferences/:id/motions    議案 (motions/MotionsTab.tsx, issue 34: this conference's own).
 * - /conferences/:id/minutes    議事録 (minutes/MinutesTab.tsx, issue 35; not for a draft or cancelled conference).
 * For a conference with sub-conferences, the invitees, answers and companies tabs work on the one chosen in 「対象の会議」.
 */
import { lazy, Suspense, useState } from 'react';
import { PageLoading } from '../layout/TopProgressBar';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Box,
  Button,
  Divider,
  Link,
  List as MuiList,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  ListButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useGetOne,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ConflictAwareEdit } from '../common/ConflictAwareEdit';
import { toUpdateBody } from './conferenceBody';
import { MailConfirmSaveButton } from './MailConfirmSaveButton';
import { hasFieldErrors, problemCode, useNotifyApiError } from '../common/apiErrors';
import { ConflictNotice } from '../common/ConflictNotice';
import { CONFLICT_RESET_OPTIONS } from '../common/useConflictAwareSave';
import { formatDateTimeWithWeekday } from '../utils/dates';
import { ConferenceFields } from './ConferenceFields';
import { ConferenceStatusButtons } from './ConferenceStatusButtons';
import { ConferenceExportButton } from '../exports/ConferenceExportButton';
import { ConferenceRoomButton } from './room/ConferenceRoomButton';
import { ReceptionButtons } from './reception';
import { ConferenceStatusChip } from './ConferenceChips';
import { InviteesTab } from './invitees/InviteesTab';
import { AnswersTab } from './answers/AnswersTab';
import { CompaniesTab } from './answers/CompaniesTab';
import { AttachmentsTab } from './attachments/AttachmentsTab';
import { NotificationsTab } from './notifications/NotificationsTab';
import { MotionsTab } from './motions/MotionsTab';
import type { Conference } from './types';
import { FormDraft } from '../common/drafts/FormDraft';

const TABS = ['', 'invitees', 'answers', 'companies', 'attachments', 'notifications', 'motions', 'minutes'] as const;
type TabKey = (typeof TABS)[number];
const TAB_LABELS: Record<TabKey, string> = {
  '': 'kaigi.conferences.edit.tabs.basic',
  invitees: 'kaigi.conferences.edit.tabs.invitees',
  answers: 'kaigi.conferences.edit.tabs.answers',
  companies: 'kaigi.conferences.edit.tabs.companies',
  attachments: 'kaigi.conferences.edit.tabs.attachments',
  notifications: 'kaigi.conferences.edit.tabs.notifications',
  motions: 'kaigi.motions.tab',
  minutes: 'kaigi.minutes.tab',
};
// the 議事録 is of a meeting that is taking or took place (issue 35): not of a draft or a cancelled one
const hasMinutes = (status: string) => status !== 'draft' && status !== 'cancelled';
const MinutesTab = lazy(() => import('./minutes/MinutesTab'));

const EditTitle = () => {
  const translate = useTranslate();
  const record = useRecordContext<Conference>();
  return <span>{record ? translate('kaigi.conferences.edit.title', { name: record.name }) : ''}</span>;
};

const EditActions = () => (
  <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
    <ConferenceStatusButtons />
    <ConferenceRoomButton />
    <ReceptionButtons />
    <ConferenceExportButton />
    <ListButton />
  </TopToolbar>
);

const Heading = () => {
  const record = useRecordContext<Conference>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const parentId = record?.parent_id ?? null;
  const { data: parent } = useGetOne<Conference>('conferences', { id: parentId! }, { enabled: parentId !== null });
  if (!record) return null;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      {record.parent_id !== null && (
        <Link
          component={RouterLink}
          to={createPath({ resource: 'conferences', id: record.parent_id, type: 'edit' })}
          variant="body2"
        >
          {translate('kaigi.conferences.edit.parent_link', { name: parent?.name ?? '' })}
        </Link>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {record.name}
        </Typography>
        <ConferenceStatusChip status={record.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {formatDateTimeWithWeekday(record.event_date)}
        {record.place ? ` ${record.place}` : ''}
      </Typography>
    </Box>
  );
};

const SubConferences = () => {
  const record = useRecordContext<Conference>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess: canCreate } = useCanAccess({ resource: 'conferences', action: 'create' });
  if (!record || record.parent_id !== null) return null;
  const subs = record.sub_conferences ?? [];
  return (
    <Box component="section" aria-labelledby="sub-conferences-heading" sx={{ px: 2, pb: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="sub-conferences-heading">
          {translate('kaigi.conferences.edit.sub_conferences')}
        </Typography>
        {canCreate && (
          <Button
            component={RouterLink}
            to={createPath({ resource: 'conferences', type: 'create' })}
            // a sub-conference added later starts in its parent's status where it can be created in it
            state={{ record: { parent_id: record.id, status: record.status === 'published' ? 'published' : 'draft' } }}
            startIcon={<AddIcon />}
          >
            {translate('kaigi.conferences.edit.add_sub_conference')}
          </Button>
        )}
      </Stack>
      {subs.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {translate('kaigi.conferences.edit.no_sub_conferences')}
        </Typography>
      ) : (
        <MuiList dense>
          {subs.map((sub) => (
            <ListItem key={sub.id} disableGutters secondaryAction={<ConferenceStatusChip status={sub.status} />}>
              <ListItemText
                primary={
                  <Link
                    component={RouterLink}
                    to={createPath({ resource: 'conferences', id: sub.id, type: 'edit' })}
                    aria-label={translate('kaigi.conferences.edit.open_sub_conference', { name: sub.name })}
                  >
                    {sub.name}
                  </Link>
                }
                secondary={`${formatDateTimeWithWeekday(sub.event_date)}${sub.place ? ` ${sub.place}` : ''}`}
              />
            </ListItem>
          ))}
        </MuiList>
      )}
    </Box>
  );
};

const FormToolbar = () => (
  <Toolbar>
    <MailConfirmSaveButton />
  </Toolbar>
);

const BasicTab = () => (
  <>
    <SimpleForm resetOptions={CONFLICT_RESET_OPTIONS} toolbar={<FormToolbar />}>
      <ConflictNotice />
      <FormDraft />
      <ConferenceFields />
    </SimpleForm>
    <SubConferences />
  </>
);

/** 「対象の会議」: the conference itself or one of its sub-conferences. */
const TargetPicker = ({ value, onChange }: { value: number; onChange: (id: number) => void }) => {
  const record = useRecordContext<Conference>();
  const translate = useTranslate();
  const subs = record?.sub_conferences ?? [];
  if (!record || subs.length === 0) return null;
  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label={translate('kaigi.conferences.target.label')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 260, mb: 2 }}
    >
      <MenuItem value={record.id}>{translate('kaigi.conferences.target.parent', { name: record.name })}</MenuItem>
      {subs.map((sub) => (
        <MenuItem key={sub.id} value={sub.id}>
          {translate('kaigi.conferences.target.sub', { name: sub.name })}
        </MenuItem>
      ))}
    </TextField>
  );
};

const ConferenceTabs = () => {
  const record = useRecordContext<Conference>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const params = useParams();
  const tab: TabKey = (TABS as readonly string[]).includes(params['*'] ?? '') ? (params['*'] as TabKey) : '';
  const [targetId, setTargetId] = useState<number | null>(null);
  if (!record) return null;
  const family = [record, ...(record.sub_conferences ?? [])];
  const target = family.find((c) => c.id === targetId) ?? record;
  const base = createPath({ resource: 'conferences', id: record.id, type: 'edit' });

  return (
    <Box>
      <Heading />
      <Tabs
        value={tab}
        aria-label={translate('kaigi.conferences.edit.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {TABS.filter((key) => key !== 'minutes' || hasMinutes(record.status)).map((key) => (
          <Tab
            key={key || 'basic'}
            value={key}
            label={translate(TAB_LABELS[key])}
            component={RouterLink}
            to={key ? `${base}/${key}` : base}
            id={`conference-tab-${key || 'basic'}`}
            aria-controls={`conference-tabpanel-${key || 'basic'}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`conference-tabpanel-${tab || 'basic'}`} aria-labelledby={`conference-tab-${tab || 'basic'}`}>
        {tab === '' ? (
          <BasicTab />
        ) : tab === 'attachments' ? (
          <AttachmentsTab />
        ) : tab === 'motions' ? (
          <Box sx={{ p: 2 }}>
            <MotionsTab conferenceId={record.id} />
          </Box>
        ) : tab === 'minutes' && hasMinutes(record.status) ? (
          <Box sx={{ p: 2 }}>
            <Suspense fallback={<PageLoading />}>
              <MinutesTab conferenceId={record.id} />
            </Suspense>
          </Box>
        ) : (
          <Box sx={{ p: 2 }}>
            <TargetPicker value={target.id} onChange={setTargetId} />
            {tab === 'invitees' && (
              <InviteesTab
                key={target.id}
                conferenceId={target.id}
                eventDate={target.event_date}
                parentId={target.parent_id}
                allowDelegate={target.allow_delegate}
              />
            )}
            {tab === 'answers' && <AnswersTab conferences={family} targetId={target.id} />}
            {tab === 'companies' && <CompaniesTab key={target.id} conference={target} />}
            {tab === 'notifications' && <NotificationsTab key={target.id} conferenceId={target.id} />}
          </Box>
        )}
      </Box>
    </Box>
  );
};

/**
 * A refused save: this area's own Japanese text for its codes, else the app's. Field errors stay at
 * their fields, except quorum_fraction_invalid: its field (`quorum`, the whole setting) has no input.
 */
const useSaveError = () => {
  const notify = useNotify();
  const translate = useTranslate();
  const notifyApiError = useNotifyApiError();
  return (error: unknown) => {
    const code = problemCode(error);
    const own = code ? translate(`kaigi.conferences.errors.${code}`, { _: '' }) : '';
    if (own && (!hasFieldErrors(error) || code === 'quorum_fraction_invalid'))
      notify(own, { type: 'error', messageArgs: { _: own } });
    else notifyApiError(error);
  };
};

export const ConferenceEdit = () => {
  const onError = useSaveError();
  return (
    <ConflictAwareEdit
      title={<EditTitle />}
      actions={<EditActions />}
      transform={(data: Partial<Conference>) => toUpdateBody(data)}
      mutationOptions={{ onError }}
      redirect={false}
      // size containment: the tabs and tables scroll within the card instead of widening the page (phones)
      sx={{ '& .RaEdit-card': { contain: 'inline-size' } }}
    >
      <ConferenceTabs />
    </ConflictAwareEdit>
  );
};

export default ConferenceEdit;
