/**
 * Keeps what an invite dialog of the 招待者 tab (会員を選んで招待, 役職で招待) holds across a lost session (issue 11 "Nothing a
 * user typed is lost"; common/drafts): the dialog reports its values (onDraftChange), they are
 * kept for the tab's route with the conference they were for, and after sign-in, back on the tab
 * of that conference, the dialog reopens with them (`restored`, shown with the notice). The HTTP
 * client removes the draft when the invite succeeds (the POST is made on this route); closing the
 * dialog gives it up; logout removes every draft.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Identifier } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { clearDraft } from '../../common/drafts/draftStore';
import { useRouteDraft } from '../../common/drafts/useRouteDraft';
import { MEMBER_CATEGORIES } from '../answerTally';
import type { MemberCategory } from '../types';

export type InviteMembersDraft = { dialog: 'members'; member_ids: number[]; category: MemberCategory; keyword: string };
export type InviteRuleDraft = {
  dialog: 'rule';
  position_types: string[];
  department_names: string[];
  category: MemberCategory;
};
export type InviteDialogDraft = InviteMembersDraft | InviteRuleDraft;
type DialogName = InviteDialogDraft['dialog'];
type StoredInviteDraft = InviteDialogDraft & { conference_id: string };

const isCategory = (value: unknown): value is MemberCategory => MEMBER_CATEGORIES.includes(value as MemberCategory);

const isListOf = (value: unknown, type: 'number' | 'string') =>
  Array.isArray(value) && value.every((item) => typeof item === type);

/** A draft as read back (sessionStorage): checked before use. */
type Kept = Record<string, unknown>;

const isInviteDraft = (draft: Kept): draft is StoredInviteDraft =>
  isCategory(draft.category) &&
  (draft.dialog === 'members'
    ? isListOf(draft.member_ids, 'number') && typeof draft.keyword === 'string'
    : draft.dialog === 'rule' && isListOf(draft.position_types, 'string') && isListOf(draft.department_names, 'string'));

export const useInviteDraft = (conferenceId: Identifier, openDialog: (dialog: DialogName) => void) => {
  const { pathname } = useLocation();
  const [restored, setRestored] = useState<InviteDialogDraft>();
  // Per dialog: both stay mounted, and a closed one reports that it holds nothing.
  const current = useRef<Partial<Record<DialogName, InviteDialogDraft>>>({});

  useRouteDraft<Kept>({
    getValues: () => {
      const draft = current.current.members ?? current.current.rule;
      return draft && { ...draft, conference_id: String(conferenceId) };
    },
    restore: (draft) => {
      // Another conference's (a sub-conference picked before): offered when that one is shown.
      if (!isInviteDraft(draft) || draft.conference_id !== String(conferenceId)) return;
      setRestored(draft);
      openDialog(draft.dialog);
    },
  });

  /** Each dialog tells what it holds whenever that changes (undefined: nothing worth keeping). */
  const report = useMemo(
    () => ({
      members: (draft: InviteMembersDraft | undefined) => {
        current.current.members = draft;
      },
      rule: (draft: InviteRuleDraft | undefined) => {
        current.current.rule = draft;
      },
    }),
    [],
  );

  /** The dialog closed (cancelled, or done): what was kept is given up. */
  const onDialogClosed = useCallback(() => {
    clearDraft(pathname);
    setRestored(undefined);
  }, [pathname]);

  return {
    restoredMembers: restored?.dialog === 'members' ? restored : undefined,
    restoredRule: restored?.dialog === 'rule' ? restored : undefined,
    report,
    onDialogClosed,
  };
};
