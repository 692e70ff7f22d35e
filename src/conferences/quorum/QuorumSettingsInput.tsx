/**
 * The conference form's 定足数 section (issue 14, DESIGN.md §11.3): the form value `quorum` is
 * the server's QuorumSettings or null (定足数を数える off). 基準 is the invited principals or a
 * fixed number (議員定数); 割合 a preset (過半数 = more_than 1/2, 3分の2以上 = at_least 2/3) or その他
 * with its own fraction and rule. A fixed basis shows what it means at once: 「75名の過半数 = 38名」.
 */
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { BooleanInput, NumberInput, RadioButtonGroupInput, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { quorumDenominatorValidators, quorumNumeratorValidators, quorumTotalValidators } from '../validation';
import { PRESETS, presetOf, ratioMessage, requiredCount, validRatio, type Preset, QUORUM_MAX_TOTAL } from './quorumMath';
import type { QuorumSettings } from './types';

type Draft = Partial<Omit<QuorumSettings, 'basis'>> & { basis?: QuorumSettings['basis'] | null };

const INVITED = 'invited_principals';
const DEFAULT_QUORUM: QuorumSettings = { basis: INVITED, ...PRESETS.majority, count_delegates: true };
const DIRTY = { shouldDirty: true, shouldValidate: true } as const;

const ruleChoices = [
  { id: 'more_than', name: 'kaigi.quorum.settings.rule_more_than' },
  { id: 'at_least', name: 'kaigi.quorum.settings.rule_at_least' },
];

const explanation = (quorum: Draft, translate: ReturnType<typeof useTranslate>): string | null => {
  const ratio = validRatio(quorum);
  if (!ratio) return null;
  const [key, args] = ratioMessage(ratio);
  const words = translate(key, args);
  const total = quorum.basis;
  if (total === INVITED) return translate('kaigi.quorum.settings.explain_invited', { ratio: words });
  if (Number.isInteger(total) && (total as number) >= 1 && (total as number) <= QUORUM_MAX_TOTAL)
    return translate('kaigi.quorum.settings.explain_fixed', {
      total,
      ratio: words,
      required: requiredCount(total as number, ratio),
    });
  return null;
};

/** Always in the page (a live region announces changes, not its own arrival); empty while incomplete. */
const Explanation = ({ quorum }: { quorum: Draft }) => {
  const translate = useTranslate();
  const text = explanation(quorum, translate);
  return (
    <Typography role="status" aria-live="polite" sx={{ fontWeight: 700 }} data-testid="quorum-explanation">
      {text}
    </Typography>
  );
};

/**
 * The server's refusal of the whole setting (422 quorum_fraction_invalid at `body.quorum`): no input
 * owns that path, so it is shown here and cleared on the next change (else it would block the save).
 */
const useServerError = (quorum: unknown): string | null => {
  const { clearErrors } = useFormContext();
  const { errors } = useFormState({ name: 'quorum' });
  const message = (errors.quorum as { message?: unknown } | undefined)?.message;
  // the setting the refusal was about
  const refused = useRef<unknown>(undefined);
  useEffect(() => {
    if (typeof message !== 'string') refused.current = undefined;
    else if (refused.current === undefined) refused.current = quorum;
    else if (refused.current !== quorum) {
      refused.current = undefined;
      clearErrors('quorum');
    }
  }, [message, quorum, clearErrors]);
  return typeof message === 'string' ? message : null;
};

export const QuorumSettingsInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const quorum = useWatch({ name: 'quorum' }) as Draft | null | undefined;
  const serverError = useServerError(quorum);
  // その他 stays chosen while its fraction happens to equal a preset's
  const [other, setOther] = useState(false);
  const enabled = !!quorum;
  const preset: Preset = quorum && (other || presetOf(quorum) === 'other') ? 'other' : quorum ? presetOf(quorum) : 'majority';
  const fixed = !!quorum && quorum.basis !== INVITED;

  const choosePreset = (next: Preset) => {
    setOther(next === 'other');
    if (next === 'other') return;
    for (const [key, value] of Object.entries(PRESETS[next])) setValue(`quorum.${key}`, value, DIRTY);
  };

  return (
    <Box
      component="section"
      aria-labelledby="quorum-settings-heading"
      sx={{ width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, p: 2, my: 1 }}
    >
      <Typography variant="h6" component="h2" id="quorum-settings-heading">
        {translate('kaigi.quorum.settings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('kaigi.quorum.settings.help')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            onChange={(event) => {
              setOther(false);
              setValue('quorum', event.target.checked ? DEFAULT_QUORUM : null, { shouldDirty: true });
            }}
          />
        }
        label={translate('kaigi.quorum.settings.enabled')}
      />
      {quorum && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <FormControl>
            <FormLabel id="quorum-basis-label">{translate('kaigi.quorum.settings.basis')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="quorum-basis-label"
              value={fixed ? 'fixed' : 'invited'}
              onChange={(event) => setValue('quorum.basis', event.target.value === 'fixed' ? null : INVITED, DIRTY)}
            >
              <FormControlLabel value="invited" control={<Radio />} label={translate('kaigi.quorum.settings.basis_invited')} />
              <FormControlLabel value="fixed" control={<Radio />} label={translate('kaigi.quorum.settings.basis_fixed')} />
            </RadioGroup>
          </FormControl>
          {fixed && (
            <NumberInput
              source="quorum.basis"
              label="kaigi.quorum.settings.total"
              validate={quorumTotalValidators}
              min={1}
              max={QUORUM_MAX_TOTAL}
              step={1}
              sx={{ maxWidth: 220 }}
            />
          )}
          <FormControl>
            <FormLabel id="quorum-ratio-label">{translate('kaigi.quorum.settings.ratio')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="quorum-ratio-label"
              value={preset}
              onChange={(event) => choosePreset(event.target.value as Preset)}
            >
              <FormControlLabel value="majority" control={<Radio />} label={translate('kaigi.quorum.settings.preset_majority')} />
              <FormControlLabel
                value="two_thirds"
                control={<Radio />}
                label={translate('kaigi.quorum.settings.preset_two_thirds')}
              />
              <FormControlLabel value="other" control={<Radio />} label={translate('kaigi.quorum.settings.preset_other')} />
            </RadioGroup>
          </FormControl>
          {preset === 'other' && (
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <NumberInput
                source="quorum.denominator"
                label="kaigi.quorum.settings.denominator"
                validate={quorumDenominatorValidators}
                min={1}
                max={100}
                step={1}
                sx={{ width: 120 }}
              />
              <NumberInput
                source="quorum.numerator"
                label="kaigi.quorum.settings.numerator"
                validate={quorumNumeratorValidators}
                min={1}
                max={100}
                step={1}
                sx={{ width: 120 }}
              />
              <RadioButtonGroupInput source="quorum.rule" label="kaigi.quorum.settings.rule" choices={ruleChoices} row />
            </Stack>
          )}
          <BooleanInput source="quorum.count_delegates" label="kaigi.quorum.settings.count_delegates" />
          <Explanation quorum={quorum} />
        </Stack>
      )}
      {serverError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(serverError, { _: serverError })}
        </Alert>
      )}
    </Box>
  );
};
