/** The inputs of 役職 (create and edit), with the server's rules (server/schemas/position.ts). */
import { Stack } from '@mui/material';
import { DateInput, NumberInput, TextInput, maxLength, required } from 'react-admin';
import { nonNegativeInteger, notBefore } from '../common/validators';
import { MemberReferenceInput } from './MemberReferenceInput';
import { PositionTypeInput } from './PositionTypeInput';

const validateMember = [required()];
const validateType = [required()];
const validateLabel = [maxLength(100)];
const validateRank = [nonNegativeInteger];
const validateEnd = [notBefore('start_at')];

export const PositionInputs = () => (
  <>
    <MemberReferenceInput validate={validateMember} helperText="kaigi.positions.helper.member" />
    <PositionTypeInput validate={validateType} sx={{ minWidth: 240 }} />
    <TextInput
      source="department_name"
      validate={validateLabel}
      helperText="kaigi.positions.helper.department_name"
      autoComplete="off"
      fullWidth
    />
    <TextInput
      source="position_name"
      validate={validateLabel}
      helperText="kaigi.positions.helper.position_name"
      autoComplete="off"
      fullWidth
    />
    <NumberInput
      source="rank"
      validate={validateRank}
      min={0}
      step={1}
      helperText="kaigi.positions.helper.rank"
      sx={{ maxWidth: 240 }}
    />
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
      <DateInput source="start_at" />
      <DateInput source="end_at" validate={validateEnd} helperText="kaigi.positions.helper.end_at" />
    </Stack>
  </>
);
