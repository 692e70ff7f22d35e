/**
 * Rules of one person's answer (issue 3 "Rules", DESIGN.md §4 conference member), shared by the
 * company's answer submission and the staff's answer on behalf.
 */
import type { AnswerContent } from '../db/schema.ts';
import { Problem } from './problem.ts';

export interface AnswerFields {
  answer_content: AnswerContent | null;
  proxy_name: string | null;
  proxy_title: string | null;
  /** 委任状 only (DESIGN.md §12.1): the invitee delegated to, null for the chair */
  delegate_to: number | null;
}

const blankToNull = (s: string | null | undefined) => {
  const t = s?.trim();
  return t ? t : null;
};

/** The stored form: the substitute's name and title belong to 代理出席 only and are dropped otherwise. */
export function answerFieldsOf(
  answer: AnswerContent | null,
  proxyName: string | null | undefined,
  proxyTitle: string | null | undefined,
  delegateTo: number | null = null,
): AnswerFields {
  const proxy = answer === 'proxy_attend';
  return {
    answer_content: answer,
    proxy_name: proxy ? blankToNull(proxyName) : null,
    proxy_title: proxy ? blankToNull(proxyTitle) : null,
    delegate_to: answer === 'delegate' ? delegateTo : null,
  };
}

export const sameAnswer = (a: AnswerFields, b: AnswerFields) =>
  a.answer_content === b.answer_content &&
  a.proxy_name === b.proxy_name &&
  a.proxy_title === b.proxy_title &&
  a.delegate_to === b.delegate_to;

/**
 * 代理出席 requires the substitute's name and title (issue 5: "substitute's name and title
 * required"): a 400 naming the field under `at`, e.g. `body.answers.2.proxy_title`.
 */
export function requireProxyDetails(fields: AnswerFields, at: string): void {
  if (fields.answer_content !== 'proxy_attend') return;
  if (fields.proxy_name === null) {
    throw new Problem(400, 'proxy_name_required', '代理出席の場合は代理出席者の氏名を入力してください。', [
      { field: `${at}.proxy_name`, code: 'proxy_name_required', message: '代理出席者の氏名は必須です' },
    ]);
  }
  if (fields.proxy_title === null) {
    throw new Problem(400, 'proxy_title_required', '代理出席の場合は代理出席者の肩書を入力してください。', [
      { field: `${at}.proxy_title`, code: 'proxy_title_required', message: '代理出席者の肩書は必須です' },
    ]);
  }
}

/** 委任状 only where the conference allows it (422: a rule, not a malformed request). */
export function requireDelegateAllowed(fields: AnswerFields, conference: { allow_delegate: boolean }, field: string): void {
  if (fields.answer_content === 'delegate' && !conference.allow_delegate) {
    throw new Problem(422, 'delegate_not_allowed', 'この会議では委任状による回答はできません。', [
      { field, code: 'delegate_not_allowed', message: '委任状は選択できません' },
    ]);
  }
}
