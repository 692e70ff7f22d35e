/**
 * The inputs of a conference template (create and edit): code and name, the defaults of a
 * conference made from it (place, start/end time, answer deadline, description), the answer
 * choices with 委任状 kept in step with allow_delegate (the server wants them to agree), the
 * sub-conferences and the invitee rules by position type and department.
 *
 * No native constraint attributes (min/max/step) on number inputs: a browser would block the
 * submit with its own non-Japanese bubble; the react-admin validators say it in Japanese.
 */
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  NumberInput,
  RemoveItemButton,
  SelectInput,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
  TimeInput,
  maxLength,
  maxValue,
  minValue,
  required,
  useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { code, requiredNamed } from '../common/validators';
import { usePositionTypeChoices } from '../master-data/usePositionTypeChoices';
import { AddRowButton, iteratorSx } from './formRows';
import { TemplateMotionInputs } from './TemplateMotionInputs';
import { ANSWER_CHOICES, MINUTES_PER_WEEK, endAfterStart, someAnswerChoice, timeOfDay, wholeNumber } from './templateBody';

const T = 'kaigi.conference_templates';

const Section = ({ title, first = false }: { title: string; first?: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      {!first && <Divider flexItem sx={{ mt: 2 }} />}
      <Typography variant="h6" component="h2" sx={{ mt: first ? 0 : 2, mb: 1 }}>
        {translate(title)}
      </Typography>
    </>
  );
};

/** 'HH:mm' kept as a string (TimeInput would make a Date of it). */
const keepTime = (value: string) => (value ? value : null);

const answerChoices = ANSWER_CHOICES.map((choice) => ({ id: choice, name: `${T}.answer_choices.${choice}` }));

const AnswerInputs = () => {
  const { getValues, setValue } = useFormContext();
  const choicesChanged = () => {
    const choices = (getValues('body.answer_choices') ?? []) as string[];
    setValue('body.allow_delegate', choices.includes('delegate'), { shouldDirty: true });
  };
  const delegateChanged = () => {
    const allow = getValues('body.allow_delegate') === true;
    const choices = (getValues('body.answer_choices') ?? []) as string[];
    const next = ANSWER_CHOICES.filter((choice) => (choice === 'delegate' ? allow : choices.includes(choice)));
    setValue('body.answer_choices', next, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <>
      <CheckboxGroupInput
        source="body.answer_choices"
        choices={answerChoices}
        validate={someAnswerChoice}
        helperText={`${T}.helper.answer_choices`}
        onChange={choicesChanged}
      />
      <BooleanInput source="body.allow_delegate" helperText={`${T}.helper.allow_delegate`} onChange={delegateChanged} />
    </>
  );
};

/** The rules of the template (`body.invitee_rules`) or of one of its sub-conferences (`invitee_rules`). */
const InviteeRuleInputs = ({ source, helperText, addLabel }: { source: string; helperText: string; addLabel: string }) => {
  const translate = useTranslate();
  const { choices, isPending } = usePositionTypeChoices();
  return (
    <ArrayInput source={source} label={false} helperText={helperText}>
      <SimpleFormIterator
        fullWidth
        disableReordering
        sx={iteratorSx}
        addButton={<AddRowButton label={addLabel} />}
        removeButton={<RemoveItemButton label={`${T}.rule.remove`} />}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ columnGap: 2 }}>
          <SelectInput
            source="position_type"
            label={`${T}.rule.position_type`}
            choices={choices}
            isPending={isPending && choices.length === 0}
            validate={requiredNamed(translate(`${T}.rule.position_type`), 'chosen')}
            sx={{ flex: 1, minWidth: 180 }}
          />
          <TextInput
            source="department_name"
            label={`${T}.rule.department_name`}
            helperText={`${T}.helper.department_name`}
            validate={maxLength(100)}
            sx={{ flex: 1 }}
          />
        </Stack>
        <TextArrayInput source="position_names" label={`${T}.rule.position_names`} helperText={`${T}.helper.position_names`} />
      </SimpleFormIterator>
    </ArrayInput>
  );
};

const SubConferenceInputs = () => {
  const translate = useTranslate();
  return (
    <ArrayInput source="body.sub_conferences" label={false} helperText={`${T}.helper.sub_conferences`}>
      <SimpleFormIterator
        fullWidth
        sx={iteratorSx}
        addButton={<AddRowButton label={`${T}.sub.add`} />}
        removeButton={<RemoveItemButton label={`${T}.sub.remove`} />}
      >
        <TextInput source="name" label={`${T}.sub.name`} validate={[requiredNamed(translate(`${T}.sub.name`)), maxLength(200)]} />
        <TextInput source="place" label={`${T}.sub.place`} validate={maxLength(200)} />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <NumberInput
            source="start_offset_minutes"
            label={`${T}.sub.start_offset_minutes`}
            validate={[wholeNumber, minValue(-MINUTES_PER_WEEK), maxValue(MINUTES_PER_WEEK)]}
            helperText={`${T}.helper.start_offset_minutes`}
            sx={{ flex: 2 }}
          />
          <NumberInput
            source="duration_minutes"
            label={`${T}.sub.duration_minutes`}
            validate={[wholeNumber, minValue(1), maxValue(24 * 60)]}
            sx={{ flex: 1 }}
          />
        </Stack>
        <TextInput source="description" label={`${T}.sub.description`} validate={maxLength(5000)} multiline minRows={2} />
        <Typography variant="subtitle2" component="h4">
          {translate(`${T}.sub.invitee_rules`)}
        </Typography>
        <InviteeRuleInputs
          source="invitee_rules"
          helperText={`${T}.helper.sub_invitee_rules`}
          addLabel={`${T}.rule.add_to_sub`}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
};

export const ConferenceTemplateInputs = () => (
  <>
    <Section title={`${T}.sections.basics`} first />
    <TextInput
      source="conference_template_code"
      validate={[required(), maxLength(50), code]}
      helperText={`${T}.helper.conference_template_code`}
      sx={{ maxWidth: 480 }}
    />
    <TextInput source="name" validate={[required(), maxLength(200)]} />

    <Section title={`${T}.sections.schedule`} />
    <TextInput source="body.place" validate={maxLength(200)} />
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2, width: '100%' }}>
      <TimeInput source="body.start_time" parse={keepTime} validate={timeOfDay} sx={{ flex: 1 }} />
      <TimeInput source="body.end_time" parse={keepTime} validate={[timeOfDay, endAfterStart]} sx={{ flex: 1 }} />
      <NumberInput
        source="body.answer_deadline_days_before"
        validate={[wholeNumber, minValue(0), maxValue(365)]}
        helperText={`${T}.helper.answer_deadline_days_before`}
        sx={{ flex: 1 }}
      />
    </Stack>
    <TextInput source="body.description" validate={maxLength(5000)} multiline minRows={3} />

    <Section title={`${T}.sections.answers`} />
    <AnswerInputs />

    <Section title={`${T}.sections.sub_conferences`} />
    <SubConferenceInputs />

    <Section title={`${T}.sections.invitee_rules`} />
    <InviteeRuleInputs source="body.invitee_rules" helperText={`${T}.helper.invitee_rules`} addLabel={`${T}.rule.add`} />

    <Section title={`${T}.sections.motions`} />
    <TemplateMotionInputs />
  </>
);
