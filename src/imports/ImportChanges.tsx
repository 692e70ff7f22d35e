/**
 * The change list (issue 33): every row the import would create or update (a dry run) or did (an
 * apply), each changed column as 変更前 → 変更後 in the sheet's Japanese headers and the values as
 * converted, a page at a time from GET …/import/{id}/changes — not only the preview's first rows.
 * 更新 / 新規 narrow it (the list's `result`), and a word finds the rows whose values before or after
 * hold it (the list's `keyword`, spec §3): the one 更新 among 200 rows is found without paging.
 */
import { useId, useState, type ChangeEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { KaigiDataProvider } from '../providers/dataProvider';
import { formatCount } from '../exports/format';
import { useDebounced } from '../common/useDebounced';
import type { ImportChangesQuery, ImportJob } from './types';

const PAGE_SIZES = [20, 50, 100];
const RESULTS = ['all', 'updated', 'created'] as const;
type ResultFilter = (typeof RESULTS)[number];

const Value = ({ text }: { text: string | null }) => {
  const translate = useTranslate();
  return text === null ? (
    <Typography component="span" variant="body2" color="text.secondary">
      {translate('kaigi.imports.changes.empty_value')}
    </Typography>
  ) : (
    <>{text}</>
  );
};

/** 更新 / 新規 with their counts, and the word to look for in the values. */
const ChangeFilters = ({
  job,
  result,
  onResult,
  keyword,
  onKeyword,
}: {
  job: ImportJob;
  result: ResultFilter;
  onResult: (next: ResultFilter) => void;
  keyword: string;
  onKeyword: (next: string) => void;
}) => {
  const translate = useTranslate();
  const created = job.counts?.created ?? 0;
  const updated = job.counts?.updated ?? 0;
  const counts: Record<ResultFilter, number> = { all: created + updated, updated, created };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={result}
        onChange={(_, next: ResultFilter | null) => next && onResult(next)}
        aria-label={translate('kaigi.imports.changes.filter')}
      >
        {RESULTS.map((r) => (
          <ToggleButton key={r} value={r} disabled={counts[r] === 0 && r !== result} sx={{ whiteSpace: 'nowrap' }}>
            {translate(`kaigi.imports.changes.results.${r}`, { count: formatCount(counts[r]) })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        type="search"
        size="small"
        label={translate('kaigi.imports.changes.keyword')}
        value={keyword}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onKeyword(event.target.value)}
        sx={{ flex: '1 1 12rem', maxWidth: 320 }}
      />
    </Box>
  );
};

export const ImportChanges = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const headingId = useId();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [result, setResult] = useState<ResultFilter>('all');
  const [input, setInput] = useState('');
  const keyword = useDebounced(input.trim(), 300);
  const expected = (job.counts?.created ?? 0) + (job.counts?.updated ?? 0);
  const request: ImportChangesQuery = {
    page: page + 1,
    page_size: pageSize,
    ...(result === 'all' ? {} : { result }),
    ...(keyword ? { keyword } : {}),
  };
  const query = useQuery({
    queryKey: ['imports', job.id, 'changes', request],
    queryFn: ({ signal }) => dataProvider.importChanges(job.id, request, signal),
    enabled: job.status === 'succeeded' && expected > 0,
    placeholderData: keepPreviousData,
  });
  if (job.status !== 'succeeded' || !job.counts) return null;
  const total = query.data?.meta.total ?? expected;
  // a filter or a word starts again from the first page
  const filters = (
    <ChangeFilters
      job={job}
      result={result}
      onResult={(next) => {
        setResult(next);
        setPage(0);
      }}
      keyword={input}
      onKeyword={(next) => {
        setInput(next);
        setPage(0);
      }}
    />
  );
  const cell = { whiteSpace: 'nowrap', verticalAlign: 'top' } as const;
  const value = { ...cell, maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis' } as const;

  return (
    <Box component="section" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 500, mb: 1 }}>
        {translate(job.dry_run ? 'kaigi.imports.changes.title' : 'kaigi.imports.changes.title_applied', {
          count: formatCount(expected),
        })}
      </Typography>
      {expected === 0 ? (
        <Typography color="text.secondary" role="status">
          {translate('kaigi.imports.changes.none')}
        </Typography>
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {translate('kaigi.imports.changes.retry')}
            </Button>
          }
        >
          {translate('kaigi.imports.changes.failed')}
        </Alert>
      ) : !query.data ? (
        <CircularProgress size={24} aria-label={translate('kaigi.progress.loading')} />
      ) : query.data.data.length === 0 ? (
        <>
          {filters}
          <Typography color="text.secondary" role="status">
            {translate('kaigi.imports.changes.none_found')}
          </Typography>
        </>
      ) : (
        <>
          {filters}
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={translate('kaigi.imports.changes.region')}
            // the page before stays in view, dimmed, until the next one is in
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, opacity: query.isPlaceholderData ? 0.5 : 1 }}
          >
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={cell}>{translate('kaigi.imports.changes.row')}</TableCell>
                  <TableCell sx={cell}>{translate('kaigi.imports.changes.result')}</TableCell>
                  <TableCell sx={cell}>{translate('kaigi.imports.changes.column')}</TableCell>
                  <TableCell sx={cell}>{translate('kaigi.imports.changes.before')}</TableCell>
                  <TableCell sx={cell}>{translate('kaigi.imports.changes.after')}</TableCell>
                </TableRow>
              </TableHead>
              {query.data.data.map((row) => (
                <TableBody key={row.row} data-testid={`change-${row.row}`}>
                  {row.changes.map((change, index) => (
                    <TableRow key={change.column}>
                      {index === 0 && (
                        <>
                          <TableCell rowSpan={row.changes.length} sx={{ ...cell, color: 'text.secondary' }}>
                            {row.row}
                          </TableCell>
                          <TableCell rowSpan={row.changes.length} sx={cell}>
                            {translate(`kaigi.imports.counts.${row.result}`)}
                          </TableCell>
                        </>
                      )}
                      <TableCell sx={cell}>{change.column}</TableCell>
                      <TableCell sx={value}>
                        <Value text={change.before} />
                      </TableCell>
                      <TableCell sx={value}>
                        <Value text={change.after} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              ))}
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={translate('kaigi.imports.changes.per_page')}
            labelDisplayedRows={({ from, to, count }) =>
              translate('kaigi.imports.changes.page_label', { from, to, count: formatCount(count) })
            }
            // phones: the page size, the range and the arrows wrap rather than run off the page
            sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 } }}
          />
        </>
      )}
    </Box>
  );
};
