/** テンプレート (issue 17): the kind's XLSX with the export's headers and one example row. */
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslate } from 'react-admin';
import { useSession } from '../session/useSession';
import { DownloadButton } from './DownloadButton';
import { HttpError } from '../api/errors';
import { downloadTemplate } from './template';
import type { ImportType } from './types';

export const TemplateButton = ({ type }: { type: ImportType }) => {
  const translate = useTranslate();
  const cciCode = useSession().cciUser?.cci_code;
  const label = translate('kaigi.imports.upload.template', { type: translate(`kaigi.imports.types.${type}`) });

  return (
    <DownloadButton
      size="small"
      startIcon={<FileDownloadOutlinedIcon />}
      run={async () => {
        if (cciCode) await downloadTemplate(cciCode, type, `${label}.xlsx`);
      }}
      reasonOf={(e) => {
        const reason = (e instanceof HttpError && e.detail) || translate('kaigi.imports.upload.template_failed_unknown');
        return translate('kaigi.imports.upload.template_failed', { reason });
      }}
      label={label}
      help={translate('kaigi.imports.upload.template_help')}
    />
  );
};
