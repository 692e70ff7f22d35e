/**
 * Why a write of the room failed, in Japanese (role="alert"). A 409 version conflict offers
 * 「最新の状態を読み込む」; other failures say the problem's message (src/common/apiErrors.ts).
 */
import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { apiErrorMessage, isVersionConflict } from '../../common/apiErrors';

export const roomErrorMessage = (
  error: unknown,
  translate: TranslateFunction,
  conflictKey = 'kaigi.room.staff.errors.conflict',
) => {
  if (isVersionConflict(error)) return translate(conflictKey);
  const message = apiErrorMessage(error);
  return translate(message, { _: message });
};

export interface RoomSaveErrorProps {
  error: unknown;
  onReload?: () => void;
  sx?: SxProps<Theme>;
}

export const RoomSaveError = ({ error, onReload, sx }: RoomSaveErrorProps) => {
  const translate = useTranslate();
  if (!error) return null;
  const conflict = isVersionConflict(error);
  return (
    <Alert
      severity={conflict ? 'warning' : 'error'}
      role="alert"
      sx={sx}
      action={
        conflict && onReload ? (
          <Button color="inherit" size="small" onClick={onReload}>
            {translate('kaigi.room.staff.errors.reload')}
          </Button>
        ) : undefined
      }
    >
      {roomErrorMessage(error, translate)}
    </Alert>
  );
};
