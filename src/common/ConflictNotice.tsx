/**
 * Shown inside a form of a <ConflictAwareEdit> (or with an explicit `conflict`): after a 409
 * `version_conflict` on save it says 「他のユーザーが先に更新しました…」 and offers
 * 「最新の内容を読み込む」, which refetches the record; the form keeps every field the user changed
 * (see useConflictAwareSave.ts) and takes the server's current values and version for the rest.
 * Screen readers hear it (role="alert"); the reload button gets the focus.
 */
import { useContext, useEffect, useRef } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { EditContext, useRecordContext, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useConflictContext, type ConflictAwareSave } from './useConflictAwareSave';

export interface ConflictNoticeProps {
  /** Defaults to the surrounding <ConflictAwareEdit>'s state. */
  conflict?: ConflictAwareSave;
  /** Replaces the default reload (refetch of the Edit's record). Must resolve when reloaded. */
  onReload?: () => Promise<unknown>;
}

export const ConflictNotice = ({ conflict: conflictProp, onReload }: ConflictNoticeProps) => {
  const translate = useTranslate();
  const fromContext = useConflictContext();
  const conflict = conflictProp ?? fromContext;
  const edit = useContext(EditContext);
  const record = useRecordContext();
  // Subscribing to dirtyFields makes react-hook-form track them, which keepDirtyValues relies on.
  const { dirtyFields } = useFormState();
  void dirtyFields;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const reloadedVersion = useRef<unknown>(undefined);

  const status = conflict?.state.status ?? 'none';

  useEffect(() => {
    if (status === 'conflict') buttonRef.current?.focus();
  }, [status]);

  // A later successful save (the version moves on past the reloaded one) ends the notice.
  const version = record?.version;
  useEffect(() => {
    if (status === 'reloaded' && reloadedVersion.current !== undefined && version !== reloadedVersion.current) {
      reloadedVersion.current = undefined;
      conflict?.clear();
    }
  }, [status, version, conflict]);

  if (!conflict || status === 'none') return null;

  const reload = async () => {
    conflict.setStatus('reloading');
    try {
      const result = await (onReload ? onReload() : edit?.refetch());
      const failed =
        typeof result === 'object' && result !== null && 'isError' in result && (result as { isError: boolean }).isError;
      if (failed) throw (result as { error?: unknown }).error;
      const data = (result as { data?: { version?: unknown } } | undefined)?.data;
      reloadedVersion.current = data?.version ?? undefined;
      conflict.setStatus('reloaded');
    } catch {
      conflict.setStatus('failed');
    }
  };

  if (status === 'reloaded') {
    return (
      <Alert severity="info" role="status" sx={{ mb: 2, width: '100%' }} onClose={conflict.clear}>
        {translate('kaigi.common.conflict.reloaded')}
      </Alert>
    );
  }

  const busy = status === 'reloading';
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: 2, width: '100%' }}
      action={
        <Button
          ref={buttonRef}
          color="inherit"
          size="small"
          onClick={reload}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
        >
          {translate('kaigi.common.conflict.reload')}
        </Button>
      }
    >
      <AlertTitle>{translate('kaigi.common.conflict.title')}</AlertTitle>
      <Box component="span">{translate('kaigi.common.conflict.message')}</Box>
      {busy && (
        <Box component="span" sx={{ display: 'block', mt: 1 }}>
          {translate('kaigi.common.conflict.reloading')}
        </Box>
      )}
      {status === 'failed' && (
        <Box component="span" sx={{ display: 'block', mt: 1 }}>
          {translate('kaigi.common.conflict.reload_failed')}
        </Box>
      )}
    </Alert>
  );
};
