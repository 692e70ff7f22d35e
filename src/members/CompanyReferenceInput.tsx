/**
 * A company picker: ReferenceInput on companies with an autocomplete that searches by keyword
 * (name, フリガナ, code — the API's keyword), never offering stale options (issue 15 item 2). Also used
 * by the positions screens' filters.
 */
import { ReferenceInput, type Validator } from 'react-admin';
import { SearchAutocompleteInput } from '../common/SearchAutocompleteInput';
import type { Company } from '../companies/types';

const companyOption = (record: Partial<Company>) =>
  record ? `${record.attributes?.name1 ?? ''}（${record.company_code ?? ''}）` : '';

export interface CompanyReferenceInputProps {
  source?: string;
  label?: string;
  validate?: Validator | Validator[];
  helperText?: string | false;
  alwaysOn?: boolean;
  fullWidth?: boolean;
}

export const CompanyReferenceInput = ({
  source = 'company_id',
  label,
  validate,
  helperText,
  fullWidth,
}: CompanyReferenceInputProps) => (
  <ReferenceInput source={source} reference="companies" sort={{ field: 'company_code', order: 'ASC' }} perPage={20}>
    <SearchAutocompleteInput
      label={label}
      optionText={companyOption}
      validate={validate}
      helperText={helperText}
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { minWidth: 280 }}
    />
  </ReferenceInput>
);
