/**
 * 招待事業所 (issue 4 §3): GET conference_companies?conference_id=…&expand=company, each invited
 * company with its answer summary (回答済 / 一部回答 / 未回答), filterable by it, paged. A failed
 * load shows the reason and 「再読み込み」 (the same LoadError as the invitees tab).
 */
import { useState } from 'react';
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { DataTable, Pagination, RecordContextProvider, ReferenceManyField, useListContext, useTranslate } from 'react-admin';
import { JaDateField } from '../../common/JaDateField';
import { CompanyAnswerChip } from '../ConferenceChips';
import { LoadError } from '../LoadError';
import type { Conference, ConferenceCompany } from '../types';

const SUMMARIES = ['answered', 'partial', 'none'] as const;

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" role="status" sx={{ p: 2 }}>
      {translate('kaigi.conferences.companies.empty')}
    </Typography>
  );
};

/** Inside the ReferenceManyField's list context: its error and refetch. */
const CompaniesLoadError = () => {
  const { error, refetch } = useListContext();
  return <LoadError error={error} onRetry={() => void refetch()} />;
};

export const CompaniesTab = ({ conference }: { conference: Pick<Conference, 'id'> }) => {
  const translate = useTranslate();
  const [summary, setSummary] = useState<(typeof SUMMARIES)[number] | ''>('');
  return (
    <Box>
      <TextField
        select
        fullWidth={false}
        size="small"
        label={translate('kaigi.conferences.companies.filter')}
        value={summary}
        onChange={(event) => setSummary(event.target.value as (typeof SUMMARIES)[number] | '')}
        sx={{ minWidth: 180, mb: 1 }}
      >
        <MenuItem value="">{translate('kaigi.conferences.companies.filter_all')}</MenuItem>
        {SUMMARIES.map((key) => (
          <MenuItem key={key} value={key}>
            {translate(`kaigi.conferences.company_answer.${key}`)}
          </MenuItem>
        ))}
      </TextField>
      <RecordContextProvider value={conference}>
        <ReferenceManyField
          reference="conference_companies"
          target="conference_id"
          filter={{ expand: 'company', ...(summary ? { answer_content: summary } : {}) }}
          sort={{ field: 'company_code', order: 'ASC' }}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
          // the error is shown in place (CompaniesLoadError), not also as a toast
          queryOptions={{ onError: () => undefined }}
          error={<CompaniesLoadError />}
          // on the DataTable, not here: ReferenceManyField shows no `empty` once `error` is given
        >
          <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
            <DataTable.Col source="company_code" render={(record: ConferenceCompany) => record.company?.company_code ?? ''} />
            <DataTable.Col source="company" disableSort render={(record: ConferenceCompany) => record.company?.name1 ?? ''} />
            <DataTable.Col
              source="answer_content"
              disableSort
              render={(record: ConferenceCompany) => <CompanyAnswerChip summary={record.answer_content} />}
            />
            <DataTable.Col source="answered_at">
              <JaDateField source="answered_at" format="datetime" />
            </DataTable.Col>
          </DataTable>
        </ReferenceManyField>
      </RecordContextProvider>
    </Box>
  );
};
