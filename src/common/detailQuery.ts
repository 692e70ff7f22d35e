/**
 * spec §2: a 404 from the API sends the user to /404. The HTTP client navigates there itself
 * (src/api/httpClient.ts); react-admin's Show and Edit, when their getOne fails, also notify and
 * redirect to the list, and whichever navigation ran last won (issue 30: 7 of 66 loads of a missing
 * record ended on the list). Their `queryOptions.onError` replaces react-admin's: on a 404 it leaves
 * the page to the client; any other failure keeps react-admin's way (a message — the error's own —
 * and back to the list).
 */
import { useNotify, useRedirect, useResourceContext, type RaRecord, type UseGetOneOptions } from 'react-admin';
import { HttpError as RaHttpError } from 'react-admin';

export const useDetailQueryOptions = <RecordType extends RaRecord>(
  queryOptions?: UseGetOneOptions<RecordType>,
): UseGetOneOptions<RecordType> => {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    ...queryOptions,
    onError: (error: unknown) => {
      // the data provider's errors are react-admin's HttpError, the message a translation key (providers/dataProvider.ts)
      if (error instanceof RaHttpError && error.status === 404) return;
      notify(error instanceof RaHttpError ? error.message : 'ra.notification.item_doesnt_exist', { type: 'error' });
      redirect('list', resource);
    },
  };
};
