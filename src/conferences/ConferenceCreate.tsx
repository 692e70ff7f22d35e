/**
 * 会議の作成 (issue 4 §3): from a conference template (its place, times, deadline and
 * sub-conferences are the defaults; server/lib/conference-template-defaults.ts) or blank, with
 * sub-conferences (懇親会 …) and the initial status (下書き / 公開中). Opened with
 * `state.record.parent_id` it creates one sub-conference of that conference.
 */
import { useEffect } from 'react';
import type { ConferenceWriteResult } from '../api/schema';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import {
  ArrayInput,
  Create,
  DateInput,
  FormDataConsumer,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  useGetOne,
  useNotify,
  useRecordFromLocation,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useSession } from '../session/useSession';
import { CREATABLE_STATUSES, statusLabelKey } from './conferenceStatus';
import { usePastDeadlineCreate } from './usePastDeadlineCreate';
import { useConferenceWarnings } from './useConferenceWarnings';
import { ConferenceFields } from './ConferenceFields';
import { TokyoDateTimeInput } from './TokyoDateTimeInput';
import { problemMessage } from './problemMessage';
import { endAtValidators, requiredDateTime, requiredName } from './validation';
import type { Conference, ConferenceTemplate, QuorumSettings } from './types';
import { FormDraft } from '../common/drafts/FormDraft';

type Mode = 'template' | 'blank';

interface CreateFormValues {
  mode?: Mode;
  parent_id?: number | null;
  template_id?: number | null;
  name?: string | null;
  event_date?: string | null;
  end_at?: string | null;
  place?: string | null;
  answer_deadline?: string | null;
  description?: string | null;
  allow_delegate?: boolean;
  reminder_days?: number[];
  quorum?: QuorumSettings | null;
  status?: string;
  sub_conferences?: Array<{ name?: string | null; event_date?: string | null; end_at?: string | null; place?: string | null }>;
}

const text = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
};

/** The POST body of server/schemas/conference.ts ConferenceCreateSchema: blanks are left out. */
export const toCreateBody = (values: CreateFormValues): Record<string, unknown> => {
  const body: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') body[key] = value;
  };
  const isSub = values.parent_id !== undefined && values.parent_id !== null;
  if (isSub) body.parent_id = values.parent_id;
  const fromTemplate = !isSub && values.mode === 'template';
  if (fromTemplate) {
    put('template_id', values.template_id);
    put('name', text(values.name));
    put('event_date', values.event_date);
    put('place', text(values.place));
  } else {
    put('name', text(values.name));
    put('event_date', values.event_date);
    put('end_at', values.end_at);
    put('place', text(values.place));
    put('answer_deadline', values.answer_deadline);
    put('description', text(values.description));
    body.allow_delegate = values.allow_delegate ?? false;
    if (values.reminder_days) body.reminder_days = values.reminder_days;
    // 定足数: only when set (null is the server's default)
    if (values.quorum) body.quorum = values.quorum;
  }
  put('status', values.status);
  const subs = isSub
    ? []
    : (values.sub_conferences ?? [])
        .filter((sub) => text(sub?.name) || sub?.event_date)
        .map((sub) => {
          const item: Record<string, unknown> = { name: text(sub.name) ?? '', event_date: sub.event_date };
          if (sub.end_at) item.end_at = sub.end_at;
          if (text(sub.place)) item.place = text(sub.place);
          return item;
        });
  if (subs.length > 0) body.sub_conferences = subs;
  return body;
};

const modeChoices = [
  { id: 'template', name: 'kaigi.conferences.create.mode_template' },
  { id: 'blank', name: 'kaigi.conferences.create.mode_blank' },
];
const statusChoices = CREATABLE_STATUSES.map((id) => ({ id, name: statusLabelKey(id) }));

const TemplatePreview = ({ templateId }: { templateId: number }) => {
  const translate = useTranslate();
  const { data } = useGetOne<ConferenceTemplate & { id: number }>('conference_templates', { id: templateId });
  const body = data?.body;
  if (!body) return null;
  const lines = [
    body.place ? translate('kaigi.conferences.create.template_place', { place: body.place }) : null,
    body.start_time
      ? translate('kaigi.conferences.create.template_time', { start: body.start_time, end: body.end_time ?? '' })
      : null,
    typeof body.answer_deadline_days_before === 'number'
      ? translate('kaigi.conferences.create.template_deadline', { days: body.answer_deadline_days_before })
      : null,
    body.sub_conferences?.length
      ? translate('kaigi.conferences.create.template_subs', { names: body.sub_conferences.map((s) => s.name).join('、') })
      : null,
  ].filter((line): line is string => !!line);
  if (lines.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%' }} aria-live="polite">
      <Typography variant="subtitle2" component="p">
        {translate('kaigi.conferences.create.template_preview')}
      </Typography>
      {lines.map((line) => (
        <Typography key={line} variant="body2" component="p">
          {line}
        </Typography>
      ))}
    </Alert>
  );
};

/** Switching the mode clears the event date: a day (template) and a date-time (blank) differ in form. */
const ClearDateOnModeChange = () => {
  const mode = useWatch({ name: 'mode' });
  const { setValue, getValues } = useFormContext();
  useEffect(() => {
    if (getValues('event_date')) setValue('event_date', null);
  }, [mode, setValue, getValues]);
  return null;
};

const TemplateFields = () => {
  const translate = useTranslate();
  const templateId = useWatch({ name: 'template_id' });
  const { data: template } = useGetOne<ConferenceTemplate & { id: number }>(
    'conference_templates',
    { id: templateId },
    { enabled: !!templateId },
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('kaigi.conferences.create.template_help')}
      </Typography>
      <ReferenceInput
        source="template_id"
        reference="conference_templates"
        sort={{ field: 'conference_template_code', order: 'ASC' }}
        perPage={100}
      >
        <SelectInput optionText="name" validate={required()} fullWidth />
      </ReferenceInput>
      {templateId ? <TemplatePreview templateId={Number(templateId)} /> : null}
      <DateInput
        source="event_date"
        fullWidth={false}
        sx={{ minWidth: 260 }}
        label="kaigi.conferences.create.event_day"
        helperText="kaigi.conferences.create.event_day_help"
        validate={required()}
      />
      <TextInput
        source="name"
        fullWidth
        helperText="kaigi.conferences.create.name_from_template"
        placeholder={template?.name}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextInput source="place" fullWidth placeholder={template?.body?.place} slotProps={{ htmlInput: { maxLength: 300 } }} />
    </>
  );
};

const SubConferencesInput = ({ fromTemplate }: { fromTemplate: boolean }) => (
  <ArrayInput
    source="sub_conferences"
    helperText={
      fromTemplate ? 'kaigi.conferences.create.sub_conferences_help' : 'kaigi.conferences.create.sub_conferences_help_blank'
    }
  >
    <SimpleFormIterator inline disableReordering>
      <TextInput source="name" label="kaigi.conferences.create.sub_name" validate={requiredName} />
      <TokyoDateTimeInput source="event_date" label="kaigi.conferences.create.sub_event_date" validate={requiredDateTime} />
      <TokyoDateTimeInput source="end_at" label="kaigi.conferences.create.sub_end_at" validate={endAtValidators} />
      <TextInput source="place" label="kaigi.conferences.create.sub_place" />
    </SimpleFormIterator>
  </ArrayInput>
);

/**
 * The parent of a sub-conference being created: react-admin's record from the location
 * (`state.record` as the 「子会議を追加」 link passes it, or `?source=`), which also seeds the form.
 */
const useParentId = (): number | null => {
  const fromLocation = useRecordFromLocation() as Partial<CreateFormValues> | null;
  const id = Number(fromLocation?.parent_id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const ParentNotice = () => {
  const translate = useTranslate();
  const parentId = useParentId();
  const { data: parent } = useGetOne<Conference>('conferences', { id: parentId! }, { enabled: !!parentId });
  if (!parentId) return null;
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
      {translate('kaigi.conferences.create.parent', { name: parent?.name ?? '' })}
    </Alert>
  );
};

const CreateForm = () => {
  const isSub = !!useParentId();
  return (
    <SimpleForm
      defaultValues={{
        mode: isSub ? 'blank' : 'template',
        status: 'draft',
        allow_delegate: false,
        // the server's default (DESIGN.md §11.2), shown so staff see what they get
        reminder_days: [3, 1],
        sub_conferences: [],
      }}
    >
      <ParentNotice />
      <FormDraft />
      {!isSub && <RadioButtonGroupInput source="mode" label="kaigi.conferences.create.mode" choices={modeChoices} row />}
      <ClearDateOnModeChange />
      <FormDataConsumer>
        {({ formData }) =>
          !isSub && (formData as CreateFormValues).mode === 'template' ? (
            <>
              <TemplateFields />
              <SubConferencesInput fromTemplate />
            </>
          ) : (
            <>
              <ConferenceFields />
              {!isSub && <SubConferencesInput fromTemplate={false} />}
            </>
          )
        }
      </FormDataConsumer>
      <RadioButtonGroupInput source="status" label="kaigi.conferences.create.initial_status" choices={statusChoices} row />
    </SimpleForm>
  );
};

/** `invited`: present when created from a template, how many its invitee rules invited (issue 18 item 1). */
type CreatedConference = ConferenceWriteResult & RaRecord;

const createdMessage = (data: CreatedConference, translate: (key: string, options?: object) => string) => {
  if (!data.invited) return translate('kaigi.conferences.create.created');
  const countOf = (id: number) => data.invited?.find((i) => i.conference_id === id)?.count ?? 0;
  const parent = translate('kaigi.conferences.create.created_invited', { count: countOf(Number(data.id)) });
  const subs = (data.sub_conferences ?? []).map((sub) =>
    translate('kaigi.conferences.create.invited_count', { name: sub.name, count: countOf(sub.id) }),
  );
  return subs.length === 0
    ? parent
    : `${parent}${translate('kaigi.conferences.create.created_invited_subs', { counts: subs.join('、') })}`;
};

const CreateTitle = () => {
  const translate = useTranslate();
  const parentId = useParentId();
  return <span>{translate(parentId ? 'kaigi.conferences.create.sub_title' : 'kaigi.conferences.create.title')}</span>;
};

export const ConferenceCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const session = useSession();
  const showWarnings = useConferenceWarnings();
  const created = (data: RaRecord) => {
    const done = createdMessage(data as CreatedConference, translate);
    if (!showWarnings(data, done)) notify(done, { type: 'success', messageArgs: { _: done } });
    redirect('edit', 'conferences', data.id);
  };
  const pastDeadline = usePastDeadlineCreate(created, (error) => notify(problemMessage(error, translate), { type: 'error' }));
  // templates live under /v1/cci/{cci_code}/…: wait for the session to know the chamber
  if (!session.cciUser) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={translate('kaigi.progress.loading')} />
      </Box>
    );
  }
  return (
    <Create
      title={<CreateTitle />}
      transform={(data) => toCreateBody(data as CreateFormValues) as Partial<Conference>}
      mutationOptions={{ onSuccess: created, onError: pastDeadline.onError }}
    >
      <CreateForm />
      {pastDeadline.dialog}
    </Create>
  );
};

export default ConferenceCreate;
