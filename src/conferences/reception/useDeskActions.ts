/**
 * What the desk does: check in by ticket or by row, undo, and the questions before them.
 * - 422 `not_expected` (欠席・委任状・未回答): asks first, then sends the same with `confirm: true`;
 * - 422 `ticket_other_conference`: 「この会議の招待者ではありません（○○の受付票）」;
 * - 422 `ticket_invalid`: the ticket is not valid; anything else: the server's Japanese detail.
 * Every answer goes into the desk's rows and counters at once (the stream's event follows).
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isHttpError } from '../../api/errors';
import { receptionApi, type CheckInResult, type CheckInTarget, type ReceptionCounts, type ReceptionRow } from './api';
import { deskErrorMessage } from './errors';
import type { DeskResult } from './ScanResult';
import { answerKey, checkedInTime, shownName } from './ReceptionSignals';

export type Question =
  | { kind: 'check_in'; target: CheckInTarget; name: string | null; answer: ReceptionRow['answer_content'] }
  | { kind: 'undo'; row: ReceptionRow };

export const useDeskActions = (
  conferenceId: number,
  apply: (row: ReceptionRow, counts: ReceptionCounts) => void,
  known: (id: number) => ReceptionRow | undefined,
) => {
  const translate = useTranslate();
  const [result, setResult] = useState<DeskResult | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const [busy, setBusy] = useState(false);

  const done = (answer: CheckInResult, kind: 'done' | 'walk_in' = 'done') => {
    apply(answer.row, answer.counts);
    setResult({ kind: answer.already ? 'already' : kind, row: answer.row });
  };

  const refused = (error: unknown, target: CheckInTarget) => {
    const problem = isHttpError(error) ? error.problem : null;
    switch (isHttpError(error) ? error.code : undefined) {
      case 'not_expected': {
        const id = Number(problem?.conference_member_id);
        const row = 'conference_member_id' in target ? known(target.conference_member_id) : known(id);
        const answer = (problem?.answer_content ?? row?.answer_content ?? null) as ReceptionRow['answer_content'];
        setQuestion({ kind: 'check_in', target, name: row ? row.member_name : null, answer });
        return;
      }
      case 'ticket_other_conference':
        setResult({
          kind: 'error',
          message: translate('kaigi.reception.result.other_conference', { name: String(problem?.conference_name ?? '') }),
        });
        return;
      case 'ticket_invalid':
        setResult({ kind: 'error', message: translate('kaigi.reception.result.invalid') });
        return;
      default:
        setResult({ kind: 'error', message: deskErrorMessage(error, translate) });
    }
  };

  const checkIn = async (target: CheckInTarget, confirm = false) => {
    // the card of the one before goes as soon as the next one is on its way (issue 29 §6)
    setResult(null);
    setBusy(true);
    try {
      done(await receptionApi.checkIn(conferenceId, target, confirm));
      setQuestion(null);
    } catch (error) {
      setQuestion(null);
      refused(error, target);
    } finally {
      setBusy(false);
    }
  };

  const undo = async (row: ReceptionRow) => {
    setBusy(true);
    try {
      const answer = await receptionApi.undo(conferenceId, row.id);
      apply(answer.row, answer.counts);
      setResult({ kind: 'undone', row });
    } catch (error) {
      setResult({ kind: 'error', message: deskErrorMessage(error, translate) });
    } finally {
      setQuestion(null);
      setBusy(false);
    }
  };

  /** The confirmation dialog's texts for the open question. */
  const questionText = (q: Question) =>
    q.kind === 'undo'
      ? {
          title: translate('kaigi.reception.confirm.undo_title'),
          body: translate('kaigi.reception.confirm.undo_body', {
            name: shownName(q.row),
            company: q.row.company_name,
            time: checkedInTime(q.row),
          }),
          confirmLabel: translate('kaigi.reception.confirm.undo'),
        }
      : {
          title: translate('kaigi.reception.confirm.check_in_title'),
          body: translate(q.name ? 'kaigi.reception.confirm.check_in_body' : 'kaigi.reception.confirm.check_in_body_unknown', {
            name: q.name ?? '',
            answer: translate(`kaigi.reception.signal.${answerKey(q.answer)}`),
          }),
          confirmLabel: translate('kaigi.reception.confirm.check_in'),
        };

  const confirm = () => {
    if (!question) return;
    if (question.kind === 'undo') void undo(question.row);
    else void checkIn(question.target, true);
  };

  return {
    result,
    question,
    questionText,
    busy,
    checkIn: (target: CheckInTarget) => void checkIn(target),
    askUndo: (row: ReceptionRow) => setQuestion({ kind: 'undo', row }),
    confirm,
    cancel: () => setQuestion(null),
    walkedIn: (answer: CheckInResult) => done(answer, 'walk_in'),
    /** A new search or scan has begun: the last person's card no longer speaks for who is at the desk. */
    clearResult: () => setResult(null),
  };
};
