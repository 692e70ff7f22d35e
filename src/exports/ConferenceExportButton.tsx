/**
 * 「名簿を出力」 on a conference (issue 6): 出欠一覧 (with its sub-conferences), 受付名簿 or 出席者一覧
 * (issue 14) of the conference in the record context. Rendered only once the record is there.
 *
 *   <ConferenceExportButton />                 (the conference's page toolbar)
 *   <ConferenceExportButton variant="icon" />  (a row of the conference list)
 */
import { useRecordContext } from 'react-admin';
import { ExportButton } from './ExportButton';
import type { ExportType } from './types';

const CONFERENCE_EXPORTS: readonly ExportType[] = ['attendance', 'reception', 'attendees'];

export const ConferenceExportButton = ({ variant = 'button' }: { variant?: 'button' | 'icon' }) => {
  const record = useRecordContext<{ id: number; name?: string }>();
  if (!record) return null;
  return (
    <ExportButton
      type={CONFERENCE_EXPORTS}
      conferenceId={Number(record.id)}
      conferenceName={record.name}
      label="kaigi.exports.button.conference_label"
      ariaLabel={variant === 'icon' ? 'kaigi.exports.button.conference_aria' : undefined}
      ariaArgs={{ name: record.name ?? '' }}
      variant={variant}
    />
  );
};
