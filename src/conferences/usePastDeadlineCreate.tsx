/**
 * Creating a conference published right away with a deadline already past (DESIGN.md §11.2): the
 * server answers 422 answer_deadline_past; we ask 「回答期限が過ぎています。このまま公開しますか？」
 * and send the same body again with allow_past_deadline. The response's warnings are shown after.
 */
import { useState } from 'react';
import { Confirm, useCreate, type RaRecord } from 'react-admin';
import { problemCode } from '../common/apiErrors';
import { formatDateTimeWithWeekday } from '../utils/dates';

export const usePastDeadlineCreate = (onCreated: (data: RaRecord) => void, onFailed: (error: unknown) => void) => {
  const [create, { isPending }] = useCreate();
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);

  /** Create's onError: true when the error was the past deadline (the question is then asked). */
  const onError = (error: unknown, variables: { data?: unknown } | undefined) => {
    if (problemCode(error) === 'answer_deadline_past' && variables?.data) {
      setPending(variables.data as Record<string, unknown>);
      return;
    }
    onFailed(error);
  };

  const confirm = () => {
    if (!pending) return;
    create(
      'conferences',
      { data: { ...pending, allow_past_deadline: true } },
      {
        onSuccess: (data) => {
          setPending(null);
          onCreated(data);
        },
        onError: (error) => {
          setPending(null);
          onFailed(error);
        },
      },
    );
  };

  const dialog = (
    <Confirm
      isOpen={pending !== null}
      loading={isPending}
      title="kaigi.past_deadline.title"
      content="kaigi.past_deadline.content"
      translateOptions={{ deadline: formatDateTimeWithWeekday(pending?.answer_deadline as string | undefined) }}
      confirm="kaigi.past_deadline.confirm"
      confirmColor="warning"
      onConfirm={confirm}
      onClose={() => setPending(null)}
    />
  );
  return { onError, dialog };
};
