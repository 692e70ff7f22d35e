/**
 * The 議案 of a conference template (`body.motions`, DESIGN.md §12.1: a 総会 template's
 * 第1号〜第5号議案): number, title, body and the 議決要件, as the 議案 dialog asks them
 * (MotionRuleInput). A conference created from the template gets them as draft 議案; the agenda item
 * and the attachments are chosen on the conference (decision 0040).
 */
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { ArrayInput, RemoveItemButton, SimpleFormIterator, TextInput, maxLength, useInput, useTranslate } from 'react-admin';
import { requiredNamed } from '../common/validators';
import { MotionRuleInput } from '../conferences/motions/MotionRuleInput';
import { asDraft, ruleOf } from '../conferences/motions/ruleForm';
import { AddRowButton, iteratorSx } from './formRows';

const T = 'kaigi.conference_templates.motions';

/** The form keeps the typed draft (full-width digits, a half-typed fraction); templateBody.ts sends the rule. */
const unreachable = (value: unknown) => (ruleOf(asDraft(value)) ? undefined : `${T}.rule_invalid`);

const RuleInput = () => {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput({ source: 'rule', validate: unreachable });
  // the server's own refusal (422 motion_rule_invalid naming this 議案's rule or its quorum); the
  // typed errors are said on the parts themselves
  const error = fieldState.error as { message?: string; quorum?: { message?: string } } | undefined;
  const message = error?.message ?? error?.quorum?.message;
  const serverError = message !== `${T}.rule_invalid` ? message : undefined;
  return (
    <>
      <MotionRuleInput value={asDraft(field.value)} onChange={field.onChange} showErrors={formState.isSubmitted} />
      {serverError && <FormHelperText error>{translate(serverError, { _: serverError })}</FormHelperText>}
    </>
  );
};

export const TemplateMotionInputs = () => {
  const translate = useTranslate();
  return (
    <ArrayInput source="body.motions" label={false} helperText={`${T}.helper`}>
      <SimpleFormIterator
        fullWidth
        sx={iteratorSx}
        addButton={
          <AddRowButton label={`${T}.add`} newRow={(total) => ({ number: translate(`${T}.default_number`, { n: total + 1 }) })} />
        }
        removeButton={<RemoveItemButton label={`${T}.remove`} />}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <TextInput
            source="number"
            label={`${T}.number`}
            helperText={`${T}.number_help`}
            validate={[requiredNamed(translate(`${T}.number`)), maxLength(50)]}
            sx={{ flex: 1, maxWidth: { sm: 220 } }}
          />
          <TextInput
            source="title"
            label={`${T}.title`}
            validate={[requiredNamed(translate(`${T}.title`)), maxLength(200)]}
            sx={{ flex: 3 }}
          />
        </Stack>
        <TextInput source="body" label={`${T}.body`} validate={maxLength(20_000)} multiline minRows={2} />
        <RuleInput />
      </SimpleFormIterator>
    </ArrayInput>
  );
};
