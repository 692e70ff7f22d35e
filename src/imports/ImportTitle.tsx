/** How an import is named elsewhere (breadcrumbs, references): 「事業所のドライラン」. */
import { useRecordContext, useTranslate } from 'react-admin';
import { modeKey, type ImportJob } from './types';

export const ImportTitle = () => {
  const translate = useTranslate();
  const job = useRecordContext<ImportJob>();
  if (!job) return null;
  return (
    <>
      {translate('kaigi.imports.show.title', {
        type: translate(`kaigi.imports.types.${job.type}`),
        mode: translate(modeKey(job)),
      })}
    </>
  );
};
