/** The conference inputs shared by the create (blank) and edit forms. */
import { BooleanInput, TextInput } from 'react-admin';
import { ReminderDaysInput } from './ReminderDaysInput';
import { QuorumSettingsInput } from './quorum/QuorumSettingsInput';
import { TokyoDateTimeInput } from './TokyoDateTimeInput';
import { deadlineValidators, endAtValidators, requiredDateTime, requiredName } from './validation';

export const ConferenceFields = () => (
  <>
    <TextInput source="name" validate={requiredName} fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
    <TokyoDateTimeInput source="event_date" validate={requiredDateTime} />
    <TokyoDateTimeInput source="end_at" validate={endAtValidators} />
    <TextInput source="place" fullWidth slotProps={{ htmlInput: { maxLength: 300 } }} />
    <TokyoDateTimeInput source="answer_deadline" validate={deadlineValidators} />
    <ReminderDaysInput />
    <BooleanInput source="allow_delegate" />
    <TextInput source="description" multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: 10000 } }} />
    <QuorumSettingsInput />
  </>
);
