/** react-admin's <Show> with the spec §2 404 rule kept deterministic (detailQuery.ts). */
import { Show, type RaRecord, type ShowProps } from 'react-admin';
import { useDetailQueryOptions } from './detailQuery';

export const DetailShow = <RecordType extends RaRecord = RaRecord>({ queryOptions, ...props }: ShowProps<RecordType>) => (
  <Show<RecordType> {...props} queryOptions={useDetailQueryOptions(queryOptions)} />
);
