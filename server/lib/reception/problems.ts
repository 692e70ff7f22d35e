/**
 * The refusals of the reception desk and the company's 受付票 (DESIGN.md §11.3), each with the stable
 * `code` the SPA translates and a Japanese `detail` for anyone reading the raw answer.
 */
import type { AnswerContent, ConferenceStatus } from '../../db/schema.ts';
import { Problem } from '../problem.ts';
import { ANSWER_LABELS, UNANSWERED_LABEL } from '../export-labels.ts';

/** Statuses in which a conference takes no check-ins: nobody is invited to a draft, a cancelled one does not take place. */
export const RECEPTION_CLOSED: readonly ConferenceStatus[] = ['draft', 'cancelled'];

export const receptionClosed = (status: ConferenceStatus) =>
  new Problem(
    422,
    'reception_closed',
    status === 'draft' ? '下書きの会議では受付できません。' : '中止された会議では受付できません。',
    [],
    { conference_status: status },
  );

export const ticketInvalid = () =>
  new Problem(422, 'ticket_invalid', 'この受付票は読み取れないか、この商工会議所の受付票ではありません。');

/** A ticket of another conference of the chamber: its holder is not invited to this one. */
export const ticketOtherConference = (conferenceName: string) =>
  new Problem(
    422,
    'ticket_other_conference',
    `この受付票は別の会議「${conferenceName}」のものです。この会議には招待されていません。`,
    [],
    { conference_name: conferenceName },
  );

/** Not answered 出席 / 代理出席: staff confirm (`confirm: true`) to check the person in anyway. */
export const notExpected = (answer: AnswerContent | null, conferenceMemberId: number) =>
  new Problem(
    422,
    'not_expected',
    `回答が「${answer ? ANSWER_LABELS[answer] : UNANSWERED_LABEL}」の方です。確認のうえ受付してください。`,
    [],
    { answer_content: answer, conference_member_id: conferenceMemberId },
  );

export const notCheckedIn = () => new Problem(409, 'not_checked_in', 'この方はまだ受付されていません。');

export const companyNotInvited = () =>
  new Problem(422, 'company_not_invited', 'この事業所はこの会議に招待されていません。', [
    { field: 'body.company_id', code: 'company_not_invited', message: 'この会議に招待されていない事業所です' },
  ]);

export const memberNotInCompany = () =>
  new Problem(422, 'member_not_found', '指定された会員はこの事業所に見つかりません。', [
    { field: 'body.member_id', code: 'member_not_found', message: 'この事業所の会員ではありません' },
  ]);

/** The person of a walk-in is already an invitee: check that row in instead of adding another. */
export const alreadyInvited = (conferenceMemberId: number | null) =>
  new Problem(409, 'already_invited', 'この方は既にこの会議に招待されています。受付一覧から受付してください。', [], {
    conference_member_id: conferenceMemberId,
  });

export const inviteeNotFound = () =>
  new Problem(422, 'conference_member_not_found', '指定された招待者がこの会議に見つかりません。', [
    { field: 'body.instead_of', code: 'conference_member_not_found', message: 'この会議の招待者ではありません' },
  ]);

export const notPrincipal = () =>
  new Problem(422, 'not_principal', '代理の方は、本人として招待された方の代わりにのみ受付できます。', [
    { field: 'body.instead_of', code: 'not_principal', message: '本人の招待ではありません' },
  ]);

export const alreadyCheckedIn = () =>
  new Problem(409, 'already_checked_in', 'ご本人が既に受付済みのため、代理の方を受付できません。');

export const notAttending = () =>
  new Problem(422, 'not_attending', '受付票は、出席または代理出席と回答した方にのみ表示できます。');
