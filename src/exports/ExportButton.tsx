/**
 * 「出力」 (issue 6): opens the export dialog for a list's type, shown only to users who may create
 * exports (canAccess exports/create: both chamber roles).
 *
 *   <ExportButton type="companies" />            <ExportButton type="members" />
 *   <ExportButton type={['attendance', 'reception']} conferenceId={id} conferenceName={name} />
 *   <ExportButton … variant="icon" />   (a table row: clicks stay out of the row's own click)
 *
 * The dialog's module is loaded on the first click, so list pages do not carry it.
 */
import { lazy, Suspense, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { Button, IconButton, Tooltip } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useCanAccess, useTranslate } from 'react-admin';
import type { ExportType } from './types';

const ExportDialog = lazy(() => import('./ExportDialog').then((m) => ({ default: m.ExportDialog })));

export interface ExportButtonProps {
  type: ExportType | readonly ExportType[];
  conferenceId?: number;
  conferenceName?: string;
  /** A translation key; defaults to 「出力」. */
  label?: string;
  /** Accessible name of the icon variant (a translation key or text). */
  ariaLabel?: string;
  /** Arguments of `ariaLabel` (e.g. the conference's name). */
  ariaArgs?: Record<string, unknown>;
  variant?: 'button' | 'icon';
}

/** Events from the button and from its dialog (a portal, but in this React tree) stop here. */
const stop = (event: SyntheticEvent) => event.stopPropagation();

export const ExportButton = ({
  type,
  conferenceId,
  conferenceName,
  label,
  ariaLabel,
  ariaArgs,
  variant = 'button',
}: ExportButtonProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // each opening mounts a fresh dialog (its defaults); the last one stays mounted to animate its closing
  const [openings, setOpenings] = useState(0);
  const { canAccess } = useCanAccess({ resource: 'exports', action: 'create' });
  if (!canAccess) return null;
  const types: readonly ExportType[] = typeof type === 'string' ? [type] : type;
  const text = translate(label ?? 'kaigi.exports.button.label');
  const iconName = ariaLabel ? translate(ariaLabel, { _: ariaLabel, ...ariaArgs }) : text;
  const openDialog = (event: MouseEvent) => {
    event.stopPropagation();
    setOpenings((n) => n + 1);
    setOpen(true);
  };

  return (
    <span onClick={stop} onKeyDown={stop} style={{ display: 'inline-flex' }}>
      {variant === 'icon' ? (
        <Tooltip title={iconName}>
          <IconButton size="small" onClick={openDialog} aria-label={iconName} aria-haspopup="dialog">
            <FileDownloadOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<FileDownloadOutlinedIcon />} onClick={openDialog} aria-haspopup="dialog">
          {text}
        </Button>
      )}
      {openings > 0 && (
        <Suspense fallback={null}>
          <ExportDialog
            key={openings}
            open={open}
            onClose={() => setOpen(false)}
            types={types}
            conferenceId={conferenceId}
            conferenceName={conferenceName}
          />
        </Suspense>
      )}
    </span>
  );
};
