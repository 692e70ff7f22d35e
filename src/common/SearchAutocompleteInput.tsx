/**
 * An AutocompleteInput for a ReferenceInput searched on the server, which never offers options
 * that do not answer what is typed (issue 15 item 2). react-admin's AutocompleteInput leaves the
 * filtering to the reference (no local filter), waits `debounce` ms before asking, and the
 * reference keeps the previous answer on screen (keepPreviousData) until the new one arrives: for
 * ~0.3–1 s the unfiltered list was clickable. Here, until the answer to the typed text is in, the
 * list holds only the selected record (which MUI leaves out of the options anyway) and says
 * 「検索中…」 instead.
 */
import { useState } from 'react';
import { Box, CircularProgress } from '@mui/material';
import {
  AutocompleteInput,
  ChoicesContextProvider,
  useChoicesContext,
  useEvent,
  useTranslate,
  type AutocompleteInputProps,
  type ChoicesContextValue,
} from 'react-admin';

type InputChange = NonNullable<AutocompleteInputProps['onInputChange']>;

const keywordQuery = (text: string) => (text ? { q: text } : {});

export type SearchAutocompleteInputProps = Omit<AutocompleteInputProps, 'setFilter'> & {
  filterToQuery?: (text: string) => Record<string, unknown>;
};

const Searching = () => {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <CircularProgress size={16} aria-hidden />
      {translate('kaigi.common.search.searching')}
    </Box>
  );
};

/** The same query: the reference's filterValues hold what filterToQuery gave (`{ q }` here). */
const sameQuery = (a: Record<string, unknown>, b: Record<string, unknown> | undefined) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b ?? {}).length && keys.every((key) => String(a[key]) === String(b?.[key]));
};

export const SearchAutocompleteInput = ({
  filterToQuery = keywordQuery,
  onInputChange,
  noOptionsText,
  ...props
}: SearchAutocompleteInputProps) => {
  const choices = useChoicesContext();
  // what the user typed; null once the text is the selection's label again (picked, cleared, left)
  const [typed, setTyped] = useState<string | null>(null);
  const trackInput = useEvent<Parameters<InputChange>, void>((event, value, reason) => {
    setTyped(reason === 'input' ? value : null);
    onInputChange?.(event, value, reason);
  });
  // searching: the typed text is not yet asked for (AutocompleteInput's debounce), or its answer
  // is not in yet (the reference shows the previous one meanwhile). isPending is left out: it is
  // also true while the selected record is read (useReference).
  const searching =
    (typed !== null && !sameQuery(filterToQuery(typed), choices.filterValues)) || choices.isPlaceholderData === true;
  const shown = searching
    ? ({ ...choices, allChoices: choices.selectedChoices ?? [], availableChoices: [] } as ChoicesContextValue)
    : choices;
  return (
    <ChoicesContextProvider value={shown}>
      <AutocompleteInput
        {...props}
        filterToQuery={filterToQuery}
        onInputChange={trackInput}
        noOptionsText={searching ? <Searching /> : noOptionsText}
      />
    </ChoicesContextProvider>
  );
};
