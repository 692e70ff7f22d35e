/** A member picker: ReferenceInput on members, searched by keyword (name, フリガナ, company). */
import { ReferenceInput, type Validator } from 'react-admin';
import { SearchAutocompleteInput } from '../common/SearchAutocompleteInput';
import type { Member } from '../members/types';

const memberOption = (record: Partial<Member>) => {
  if (!record) return '';
  const company = record.company?.name1 ?? record.company_code;
  return company ? `${record.name ?? ''}（${company}）` : (record.name ?? '');
};

/** The company's name comes with each option (expand=company). */
const EXPAND = { expand: 'company' };

export const MemberReferenceInput = ({
  source = 'member_id',
  validate,
  helperText,
}: {
  source?: string;
  validate?: Validator | Validator[];
  helperText?: string | false;
}) => (
  <ReferenceInput source={source} reference="members" sort={{ field: 'name_kana', order: 'ASC' }} perPage={20} filter={EXPAND}>
    <SearchAutocompleteInput optionText={memberOption} validate={validate} helperText={helperText} fullWidth />
  </ReferenceInput>
);
