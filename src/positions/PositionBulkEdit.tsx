/**
 * 「まとめて編集」 of the selected positions, kept across a lost session (issue 11 "Nothing a user
 * typed is lost"; common/drafts). The dialog is hosted here, around the list, and not in the
 * bulk-action toolbar (which only exists while rows are selected): so after sign-in, back on
 * /positions, the same rows are selected again and the dialog reopens with what was typed and
 * the restored notice. The HTTP client removes the draft when the bulk save succeeds (the PUT is
 * made while on this route); closing the dialog gives it up too; logout removes every draft.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Button, useListContext, type Identifier } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { clearDraft } from '../common/drafts/draftStore';
import { useRouteDraft } from '../common/drafts/useRouteDraft';
import { BulkEditDialog, type BulkEditDraft } from './PositionBulkEditDialog';

const OpenBulkEdit = createContext<(() => void) | null>(null);

interface OpenDialog {
  ids: Identifier[];
  restored?: BulkEditDraft;
}

const isBulkEditDraft = (draft: Partial<BulkEditDraft>): draft is BulkEditDraft =>
  Array.isArray(draft.ids) &&
  draft.ids.length > 0 &&
  typeof draft.rows === 'object' &&
  draft.rows !== null &&
  typeof draft.all_end_at === 'string';

export const PositionBulkEdit = ({ children }: { children: ReactNode }) => {
  const { selectedIds, onSelect, isPending } = useListContext();
  const { pathname } = useLocation();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const current = useRef<BulkEditDraft | undefined>(undefined);
  const onDraftChange = useCallback((draft: BulkEditDraft | undefined) => {
    current.current = draft;
  }, []);

  useRouteDraft<Partial<BulkEditDraft>>({
    getValues: () => current.current,
    restore: (draft) => {
      if (!isBulkEditDraft(draft)) return;
      onSelect(draft.ids);
      setDialog({ ids: draft.ids, restored: draft });
    },
    // After the list's first load, so that loading it does not undo the selection put back.
    ready: !isPending,
  });

  const open = useCallback(() => setDialog({ ids: selectedIds }), [selectedIds]);
  return (
    <OpenBulkEdit.Provider value={open}>
      {children}
      {dialog && (
        <BulkEditDialog
          ids={dialog.ids}
          restored={dialog.restored}
          onDraftChange={onDraftChange}
          onClose={() => {
            // Closed (cancelled, or saved): what was kept is given up, not offered on every visit.
            clearDraft(pathname);
            setDialog(null);
          }}
        />
      )}
    </OpenBulkEdit.Provider>
  );
};

/** In the list's bulk actions: opens the dialog for the selected rows (inside <PositionBulkEdit>). */
export const PositionBulkEditButton = () => {
  const open = useContext(OpenBulkEdit);
  const { selectedIds } = useListContext();
  return (
    <Button label="kaigi.positions.bulk.button" onClick={() => open?.()} disabled={!open || selectedIds.length === 0}>
      <EditNoteIcon />
    </Button>
  );
};
