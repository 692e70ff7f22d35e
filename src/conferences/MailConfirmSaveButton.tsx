/**
 * 保存 of the conference form (issue 33): when a conference companies were told of (公開中 or
 * 締切) gets a new date, end, place or deadline, the save first asks, saying which message goes to
 * how many companies (MailPreviewText); any other save goes straight through.
 */
import { useState, type MouseEvent } from 'react';
import { Confirm, SaveButton, useRecordContext, useSaveContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { MailPreviewText } from './MailPreviewText';
import { toUpdateBody } from './conferenceBody';
import type { Conference } from './types';

const MAIL_FIELDS = ['event_date', 'end_at', 'place', 'answer_deadline'] as const;
const TOLD = ['published', 'closed'];

/** Instants compare as instants (the form and the API write them differently), text as text. */
const same = (a: unknown, b: unknown) => {
  if (a == null || a === '' || b == null || b === '') return (a ?? '') === (b ?? '');
  const [x, y] = [Date.parse(String(a)), Date.parse(String(b))];
  return Number.isNaN(x) || Number.isNaN(y) ? String(a).trim() === String(b).trim() : x === y;
};

export const MailConfirmSaveButton = () => {
  const translate = useTranslate();
  const record = useRecordContext<Conference>();
  const { getValues, handleSubmit } = useFormContext();
  const { save, saving } = useSaveContext();
  const [preview, setPreview] = useState<Record<string, unknown> | null>(null);

  const ask = (event: MouseEvent) => {
    if (!record || !TOLD.includes(record.status)) return;
    const body = toUpdateBody(getValues() as Partial<Conference>);
    const changed = MAIL_FIELDS.filter((f) => body[f] !== undefined && !same(body[f], record[f]));
    if (changed.length === 0) return;
    event.preventDefault(); // SaveButton saves unless the click was prevented
    setPreview(Object.fromEntries(changed.map((f) => [f, body[f]])));
  };

  return (
    <>
      <SaveButton type="button" onClick={ask} />
      {record && (
        <Confirm
          isOpen={preview !== null}
          loading={saving}
          title="kaigi.conferences.mail_preview.save_title"
          content={
            <>
              {translate('kaigi.conferences.mail_preview.save_content', { name: record.name })}
              {preview && <MailPreviewText conferenceId={record.id} body={preview} />}
            </>
          }
          onConfirm={() => {
            setPreview(null);
            void handleSubmit((values) => save?.(values))();
          }}
          onClose={() => setPreview(null)}
        />
      )}
    </>
  );
};
