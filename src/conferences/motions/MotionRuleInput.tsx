/**
 * The 議決要件 of the 議案 form (DESIGN.md §12.1): 普通決議 / 特別決議 / その他, and for その他 the basis
 * (出席 or 議決権総数), the fraction, 超 or 以上, and an optional quorum of its own. Controlled: the
 * draft lives in the form (ruleForm.ts turns it into the server's rule).
 */
import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { ruleErrors, type RuleDraft, type RuleField, type RuleKind, type Threshold } from './ruleForm';

export interface MotionRuleInputProps {
  value: RuleDraft;
  onChange: (next: RuleDraft) => void;
  /** locked once a vote was opened (422 motion_rule_locked) */
  disabled?: boolean;
  /** show the number errors (after a first save attempt) */
  showErrors?: boolean;
}

const KINDS: RuleKind[] = ['ordinary', 'special', 'other'];
const R = 'kaigi.motions.rule';

const Fraction = ({
  value,
  onChange,
  fields,
  thresholdField,
  disabled,
  showErrors,
}: MotionRuleInputProps & { fields: [RuleField, RuleField]; thresholdField: 'rule' | 'quorumRule' }) => {
  const translate = useTranslate();
  const errors = ruleErrors(value);
  const part = (field: RuleField, label: string) => {
    const error = showErrors ? errors[field] : undefined;
    return (
      <TextField
        label={translate(`${R}.${label}`)}
        value={value[field]}
        onChange={(e) => onChange({ ...value, [field]: e.target.value })}
        disabled={disabled}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
        error={!!error}
        helperText={error ? translate(`${R}.errors.${error}`) : undefined}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 120 } }}
      />
    );
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {part(fields[1], 'denominator')}
      {part(fields[0], 'numerator')}
      <TextField
        select
        size="small"
        label={translate(`${R}.threshold`)}
        value={value[thresholdField]}
        onChange={(e) => onChange({ ...value, [thresholdField]: e.target.value as Threshold })}
        disabled={disabled}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 240 } }}
      >
        <MenuItem value="more_than">{translate(`${R}.more_than`)}</MenuItem>
        <MenuItem value="at_least">{translate(`${R}.at_least`)}</MenuItem>
      </TextField>
    </Stack>
  );
};

export const MotionRuleInput = (props: MotionRuleInputProps) => {
  const { value, onChange, disabled } = props;
  const translate = useTranslate();
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ display: 'block' }}>
      <FormLabel component="legend">{translate(`${R}.legend`)}</FormLabel>
      <RadioGroup value={value.kind} onChange={(e) => onChange({ ...value, kind: e.target.value as RuleKind })}>
        {KINDS.map((kind) => (
          <FormControlLabel key={kind} value={kind} control={<Radio />} label={translate(`${R}.kinds.${kind}`)} />
        ))}
      </RadioGroup>
      {value.kind === 'other' && (
        <Stack spacing={2} sx={{ mt: 1, pl: { xs: 0, sm: 4 } }}>
          <TextField
            select
            size="small"
            label={translate(`${R}.basis`)}
            value={value.basis}
            onChange={(e) => onChange({ ...value, basis: e.target.value as RuleDraft['basis'] })}
            disabled={disabled}
            sx={{ maxWidth: 320 }}
          >
            <MenuItem value="present">{translate(`${R}.basis_present`)}</MenuItem>
            <MenuItem value="entitled">{translate(`${R}.basis_entitled`)}</MenuItem>
          </TextField>
          <Fraction {...props} fields={['numerator', 'denominator']} thresholdField="rule" />
          <FormControlLabel
            control={<Switch checked={value.ownQuorum} onChange={(e) => onChange({ ...value, ownQuorum: e.target.checked })} />}
            label={translate(`${R}.own_quorum`)}
          />
          {value.ownQuorum ? (
            <FormControl component="fieldset" disabled={disabled}>
              <FormLabel component="legend" sx={{ mb: 1 }}>
                {translate(`${R}.quorum_legend`)}
              </FormLabel>
              <Fraction {...props} fields={['quorumNumerator', 'quorumDenominator']} thresholdField="quorumRule" />
            </FormControl>
          ) : (
            <FormHelperText sx={{ mt: -1.5 }}>{translate(`${R}.own_quorum_help`)}</FormHelperText>
          )}
        </Stack>
      )}
    </FormControl>
  );
};
