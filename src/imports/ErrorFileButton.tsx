/**
 * エラーファイルをダウンロード (DESIGN.md §11.4): the failing rows with a 理由 column, through
 * GET …/common/s3/get_object_url like the exports' files. A refused download is told in Japanese.
 */
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useTranslate } from 'react-admin';
import { downloadObject } from '../api/objectDownload';
import { useSession } from '../session/useSession';
import { DownloadButton } from './DownloadButton';
import { importErrorReason } from './errorReason';
import type { ImportJob } from './types';

export const ErrorFileButton = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  const cciCode = useSession().cciUser?.cci_code;
  const key = job.error_file_key;
  if (!key || !cciCode) return null;

  return (
    <DownloadButton
      color="error"
      startIcon={<FileDownloadIcon />}
      run={() => downloadObject('cci', cciCode, key, key.slice(key.lastIndexOf('/') + 1))}
      reasonOf={(e) => importErrorReason(e, translate)}
      label={translate('kaigi.imports.errors.download')}
      busyLabel={translate('kaigi.imports.errors.downloading')}
      help={translate('kaigi.imports.errors.download_help')}
    />
  );
};
