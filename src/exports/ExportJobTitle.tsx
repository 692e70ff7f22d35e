/** The record representation of an export job: 「出欠一覧 #12」. */
import { useRecordContext, useTranslate } from 'react-admin';
import type { ExportJob } from './types';

export const ExportJobTitle = () => {
  const translate = useTranslate();
  const job = useRecordContext<ExportJob>();
  if (!job) return null;
  return (
    <span>
      {translate(`kaigi.exports.types.${job.type}`)} #{job.id}
    </span>
  );
};
