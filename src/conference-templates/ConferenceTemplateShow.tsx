/**
 * A conference template, read-only: what CCI_CONFERENCE_USER sees (the edit and delete actions
 * show for CCI_ADMIN only, through canAccess).
 */
import Alert from '@mui/material/Alert';
import {
  DeleteButton,
  EditButton,
  Labeled,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DetailShow } from '../common/DetailShow';
import { JaDateField } from '../common/JaDateField';
import { useCciCode } from '../master-data/useCciCode';
import {
  AllowDelegateField,
  AnswerChoicesField,
  DeadlineField,
  InviteeRulesField,
  MotionsField,
  SubConferencesField,
  TimeRangeField,
} from './templateFields';

const TemplateTitle = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return <span>{translate('kaigi.conference_templates.title.show', { name: record?.name ?? '' })}</span>;
};

const ReadOnlyNotice = () => {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: 'conference_templates', action: 'edit' });
  if (isPending || canAccess) return null;
  return (
    <Alert severity="info" sx={{ mb: 1 }}>
      {translate('kaigi.conference_templates.read_only')}
    </Alert>
  );
};

const ConferenceTemplateShow = () => {
  const cciCode = useCciCode();
  return (
    <DetailShow
      title={<TemplateTitle />}
      queryOptions={{ enabled: cciCode !== null }}
      actions={
        <TopToolbar>
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <ReadOnlyNotice />
        <TextField source="conference_template_code" />
        <TextField source="name" />
        <TextField source="body.place" emptyText="—" />
        <Labeled source="time">
          <TimeRangeField />
        </Labeled>
        <Labeled source="body.answer_deadline_days_before">
          <DeadlineField />
        </Labeled>
        <TextField source="body.description" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        <Labeled source="body.answer_choices">
          <AnswerChoicesField />
        </Labeled>
        <Labeled source="body.allow_delegate">
          <AllowDelegateField />
        </Labeled>
        <Labeled source="body.sub_conferences">
          <SubConferencesField />
        </Labeled>
        <Labeled source="body.invitee_rules">
          <InviteeRulesField />
        </Labeled>
        <Labeled source="body.motions">
          <MotionsField />
        </Labeled>
        <JaDateField source="updated_at" format="datetime" />
      </SimpleShowLayout>
    </DetailShow>
  );
};

export default ConferenceTemplateShow;
