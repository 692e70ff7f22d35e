/**
 * The refusals of 議案 and 採決 (DESIGN.md §12.1), each with the stable `code` the SPA translates and
 * a Japanese `detail` for anyone reading the raw answer.
 */
import type { MotionStatus } from '../../db/schema.ts';
import { Problem } from '../problem.ts';

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

/** `fields`: the numbers taken twice (a template's list names each repeat). */
export const duplicateMotionNumber = (fields = ['body.number']) =>
  new Problem(
    409,
    'duplicate_motion_number',
    'この会議には同じ番号の議案が既にあります。',
    fields.map((field) => ({ field, code: 'duplicate_motion_number', message: 'この番号の議案は既にあります' })),
  );

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

export const pollNotFound = () => new Problem(404, 'not_found', '指定された採決が見つかりません。');

/** No vote in a conference that is not taking place (下書き・中止). */
export const votingClosed = (status: string) =>
  new Problem(422, 'voting_closed', '下書きまたは中止の会議では採決できません。', [], { conference_status: status });

export const pollAlreadyOpen = () =>
  new Problem(409, 'poll_already_open', 'この議案では採決が進行中です。締め切ってから次の採決を始めてください。');

/** 定足数 not met at opening (the conference's, or the motion's own): staff may override with a reason. */
export const quorumNotMet = (which: 'conference' | 'motion', required: number, counted: number) =>
  new Problem(
    422,
    'quorum_not_met',
    `定足数（${required}）に達していません（現在 ${counted}）。採決を始めるには理由を入力してください。`,
    [],
    { quorum: which, required, counted },
  );

/** A closed poll is the record of the vote: nothing about it changes (409). */
export const pollClosed = () => new Problem(409, 'poll_closed', 'この採決は締め切られているため、変更できません。');

export const countsNotForMethod = () =>
  new Problem(422, 'counts_not_for_method', '挙手の採決でのみ人数を入力できます。', [
    { field: 'body.counts', code: 'counts_not_for_method', message: '挙手の採決でのみ入力できます' },
  ]);

export const countsExceedVoters = (present: number) =>
  new Problem(
    422,
    'counts_exceed_voters',
    `挙手の合計が出席者数（${present}）を超えています。`,
    [{ field: 'body.counts', code: 'counts_exceed_voters', message: `合計は ${present} 以下にしてください` }],
    { present },
  );

export const countsMissing = () =>
  new Problem(422, 'counts_missing', '挙手の人数を入力してから締め切ってください。', [
    { field: 'body.counts', code: 'counts_missing', message: '挙手の人数を入力してください' },
  ]);

export const pollNotClosed = () => new Problem(422, 'poll_not_closed', '採決を締め切ってから結果を宣言してください。');

/** 再採決: only the newest poll of a motion decides it. */
export const pollNotLatest = () =>
  new Problem(409, 'poll_not_latest', 'この議案には新しい採決があります。最新の採決で結果を宣言してください。');

export const chairDecisionRequired = () =>
  new Problem(422, 'chair_decision_required', '可否同数です。議長の決定（可決・否決）を指定してください。', [
    { field: 'body.chair_decision', code: 'chair_decision_required', message: '議長の決定を選んでください' },
  ]);

export const chairDecisionNotTied = () =>
  new Problem(422, 'chair_decision_not_tied', '可否同数ではないため、議長の決定は指定できません。', [
    { field: 'body.chair_decision', code: 'chair_decision_not_tied', message: '可否同数のときだけ指定できます' },
  ]);

export const ballotsNotForMethod = () =>
  new Problem(422, 'ballots_not_for_method', '無記名投票では事務局が投票を記録できません。', [
    { field: 'body.ballots', code: 'ballots_not_for_method', message: '無記名投票では記録できません' },
  ]);

/** A ballot for someone who is no voter of the poll (or not one staff record), or for the same person twice. */
export const ballotsRefused = (bad: Array<{ i: number; code: string }>) =>
  new Problem(
    422,
    bad[0].code,
    'この採決で記録できない投票が含まれています（投票権のない方、挙手で出席の方、または同じ方の重複）。',
    bad.map(({ i, code }) => ({
      field: `body.ballots.${i}.conference_member_id`,
      code,
      message: code === 'duplicate_ballot' ? '同じ方の投票が重複しています' : 'この採決で記録できる投票者ではありません',
    })),
  );

export const notAPrincipal = () =>
  new Problem(422, 'not_a_principal', '書面議決は本人（議員）として招待された方だけが行えます。');

/** A written vote for a 議案 not of this conference, already put to the vote, or named twice. */
export const writtenVotesRefused = (bad: Array<{ i: number; code: string }>) =>
  new Problem(
    422,
    bad[0].code,
    '記録できない書面議決が含まれています（この会議の議案でない、採決が始まっている、または重複）。',
    bad.map(({ i, code }) => ({
      field: `body.votes.${i}.motion_id`,
      code,
      message:
        code === 'motion_in_vote'
          ? 'この議案は採決が始まっているため、書面議決を受け付けません'
          : code === 'duplicate_motion'
            ? '同じ議案が重複しています'
            : 'この会議の議案ではありません',
    })),
  );

/**
 * A voter's ballot refused (DESIGN.md §12.1 "only for themselves"): `not_a_voter` — the link's
 * invitee is no voter of this poll, the vote named is not theirs to cast, or 挙手 (hands in the
 * hall); `already_voted` — 無記名 takes one ballot each and no change.
 */
export const ballotRefused = (code: 'not_a_voter' | 'already_voted') =>
  code === 'already_voted'
    ? new Problem(409, 'already_voted', '無記名投票は一人一回です。投票済みのため変更できません。')
    : new Problem(422, 'not_a_voter', 'この採決では、このリンクから投票できません（投票権がないか、挙手による採決です）。');
