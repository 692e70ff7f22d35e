/**
 * Asks before a save that makes someone スーパー管理者 (CCI_ADMIN) who was not one (issue 18 item 2):
 * that role creates, promotes and disables users. Use as the form's `onSubmit`; render `dialog`.
 */
import { useState, type ReactNode } from 'react';
import { Confirm, useSaveContext } from 'react-admin';
import type { FieldValues } from 'react-hook-form';

export const useRaiseConfirm = (previousRole: unknown): { onSubmit: (values: FieldValues) => unknown; dialog: ReactNode } => {
  const { save } = useSaveContext();
  const [pending, setPending] = useState<FieldValues | null>(null);
  const onSubmit = (values: FieldValues) => {
    if (values.user_type === 'CCI_ADMIN' && previousRole !== 'CCI_ADMIN') {
      setPending(values);
      return undefined;
    }
    return save?.(values);
  };
  const name = pending ? String(pending.display_name || pending.email || pending.username || '') : '';
  const dialog = (
    <Confirm
      isOpen={pending !== null}
      title="kaigi.users.raise.title"
      content="kaigi.users.raise.content"
      translateOptions={{ name }}
      confirm="kaigi.users.raise.confirm"
      onConfirm={() => {
        const values = pending;
        setPending(null);
        if (values) void save?.(values);
      }}
      onClose={() => setPending(null)}
    />
  );
  return { onSubmit, dialog };
};
