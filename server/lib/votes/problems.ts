/**
 * The refusals of 議案 and 採決 (DESIGN.md §12.1), each with the stable `code` the SPA translates and
 * a Japanese `detail` for anyone reading the raw answer.
 */
import type { MotionStatus } from '../../db/schema.ts';
import { Problem } from '../../plugins/app/problem.ts';

export const motionNotFound = () => new Problem(404, 'not_found', '指定された議案が見つかりません。');

/** A declared 議案 is the record of a decision: nothing about it changes (409). */
export const motionDeclared = () => new Problem(409, 'motion_declared', 'この議案は結果が宣言済みのため、変更・削除できません。');

/** Voted on (a poll exists): the 議案 stays as the record of the vote. */
export const motionVoted = (status: MotionStatus) =>
  new Problem(409, 'motion_voted', '採決を行った議案は削除できません。', [], { motion_status: status });

/** The rule decides the count: it is fixed once a vote has been opened. */
export const motionRuleLocked = () =>
  new Problem(422, 'motion_rule_locked', '採決を始めた議案の議決要件は変更できません。', [
    { field: 'body.rule', code: 'motion_rule_locked', message: '採決を始めた議案の議決要件は変更できません' },
  ]);

export const duplicateMotionNumber = () =>
  new Problem(409, 'duplicate_motion_number', 'この会議には同じ番号の議案が既にあります。', [
    { field: 'body.number', code: 'duplicate_motion_number', message: 'この番号の議案は既にあります' },
  ]);

export const motionRuleInvalid = (fields: string[]) =>
  new Problem(
    422,
    'motion_rule_invalid',
    '議決要件の割合が全体を超えているため、成立しません。分子を分母以下にし、全体（分子＝分母）は「以上」にしてください。',
    fields.map((field) => ({ field, code: 'motion_rule_invalid', message: '割合は全体以下にしてください' })),
  );

export const agendaItemUnknown = (items: number) =>
  new Problem(
    422,
    'agenda_item_unknown',
    '指定された議事項目がこの会議の議事次第にありません。',
    [{ field: 'body.agenda_index', code: 'agenda_item_unknown', message: '議事次第にない項目です' }],
    { agenda_items: items },
  );
