/**
 * Keeps what an invite dialog of the 招待者 tab holds across a lost session (issue 11 "Nothing a
 * user typed is lost"; common/drafts): the dialog reports its values (onDraftChange), they are
 * kept for the tab's route with the conference they were for, and after sign-in, back on the tab
 * of that conference, the dialog reopens with them (`restored`, shown with the notice). The HTTP
 * client removes the draft when the invite succeeds (the POST is made on this route); closing the
 * dialog gives it up; logout removes every draft.
 */
import { useCallback, useRef, useState } from 'react';
import type { Identifier } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { clearDraft } from '../../common/drafts/draftStore';
import { useRouteDraft } from '../../common/drafts/useRouteDraft';
import { MEMBER_CATEGORIES } from '../answerTally';
import type { MemberCategory } from '../types';

export type InviteMembersDraft = { dialog: 'members'; member_ids: number[]; category: MemberCategory; keyword: string };
export type InviteDialogDraft = InviteMembersDraft;
type StoredInviteDraft = InviteDialogDraft & { conference_id: string };

const isCategory = (value: unknown): value is MemberCategory => MEMBER_CATEGORIES.includes(value as MemberCategory);

const isInviteDraft = (draft: Partial<StoredInviteDraft>): draft is StoredInviteDraft =>
  draft.dialog === 'members' &&
  Array.isArray(draft.member_ids) &&
  draft.member_ids.every((id) => typeof id === 'number') &&
  isCategory(draft.category) &&
  typeof draft.keyword === 'string';

export const useInviteDraft = (conferenceId: Identifier, openDialog: (dialog: InviteDialogDraft['dialog']) => void) => {
  const { pathname } = useLocation();
  const [restored, setRestored] = useState<InviteDialogDraft>();
  const current = useRef<InviteDialogDraft | undefined>(undefined);

  useRouteDraft<Partial<StoredInviteDraft>>({
    getValues: () => current.current && { ...current.current, conference_id: String(conferenceId) },
    restore: (draft) => {
      // Another conference's (a sub-conference picked before): offered when that one is shown.
      if (!isInviteDraft(draft) || draft.conference_id !== String(conferenceId)) return;
      setRestored(draft);
      openDialog(draft.dialog);
    },
  });

  const onDraftChange = useCallback((draft: InviteDialogDraft | undefined) => {
    current.current = draft;
  }, []);

  /** The dialog closed (cancelled, or done): what was kept is given up. */
  const onDialogClosed = useCallback(() => {
    clearDraft(pathname);
    setRestored(undefined);
  }, [pathname]);

  return { restored, onDraftChange, onDialogClosed };
};
