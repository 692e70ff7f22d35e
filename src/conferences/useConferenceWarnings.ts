/**
 * The warnings of a conference PUT/POST response (DESIGN.md §11.2): after publishing, a published
 * sub-conference without invitees is named in a warning notification.
 */
import { useNotify, useTranslate } from 'react-admin';
import type { ConferenceWarning } from './types';

export const useConferenceWarnings = () => {
  const notify = useNotify();
  const translate = useTranslate();
  /** Shows the warnings after `lead` (the success text) and says whether there were any. */
  return (response: unknown, lead = ''): boolean => {
    const warnings = (response as { warnings?: ConferenceWarning[] } | null)?.warnings ?? [];
    const subs = warnings.filter((w) => w.code === 'sub_conference_without_invitees');
    if (subs.length === 0) return false;
    const warning = translate('kaigi.warnings.sub_conference_without_invitees', {
      names: subs.map((w) => `「${w.name}」`).join('、'),
    });
    const message = lead ? `${lead}${warning}` : warning;
    // one notification (react-admin shows them one after the other), kept until dismissed
    notify(message, { type: 'warning', autoHideDuration: null, multiLine: true, messageArgs: { _: message } });
    return true;
  };
};
