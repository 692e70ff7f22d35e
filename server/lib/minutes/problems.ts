/**
 * The refusals of the 議事録 (DESIGN.md §12.2), each with the stable `code` the SPA translates and a
 * Japanese `detail` for anyone reading the raw answer.
 */
import { Problem } from '../problem.ts';

export const conferenceNotFound = () => new Problem(404, 'not_found', '指定された会議が見つかりません。');

export const minutesNotFound = () => new Problem(404, 'not_found', '公開された議事録はありません。');

/** A derived figure differs from the record only with a reason (issue 35 "Rules"). */
export const reasonRequired = (key: string) =>
  new Problem(422, 'correction_reason_required', '記録と異なる数値に訂正するには理由を入力してください。', [
    { field: `body.figures.${key}.reason`, code: 'correction_reason_required', message: '訂正の理由を入力してください' },
  ]);

export const unknownFigure = (key: string) =>
  new Problem(422, 'unknown_figure', '議事録にない項目です。', [
    { field: `body.figures.${key}`, code: 'unknown_figure', message: '議事録にない項目です' },
  ]);

export const figureTypeMismatch = (key: string) =>
  new Problem(422, 'figure_type_mismatch', '訂正後の値の種類が記録の値と異なります。', [
    { field: `body.figures.${key}.value`, code: 'figure_type_mismatch', message: '記録と同じ種類の値を入力してください' },
  ]);

export const unknownSection = (key: string) =>
  new Problem(422, 'unknown_section', '議事録にない項目の本文です。', [
    { field: `body.prose.${key}`, code: 'unknown_section', message: '議事録にない項目です' },
  ]);

export const notAnAttendee = (field: string) =>
  new Problem(422, 'not_an_attendee', '議長・議事録署名人は出席者（受付済みの方）から選んでください。', [
    { field, code: 'not_an_attendee', message: '出席者から選んでください' },
  ]);

export const minutesRevisionConflict = (current: number) =>
  new Problem(409, 'version_conflict', '他の利用者が議事録を更新しました。最新の内容を読み込み直してください。', [], {
    current_revision: current,
  });

/** 確定した版は変わらない: a correction after 確定 is a new version (new_version: true). */
export const minutesFinal = (version: number) =>
  new Problem(
    409,
    'minutes_final',
    `第${version}版は確定済みのため変更できません。訂正するには新しい版を作成してください。`,
    [],
    {
      minutes_version: version,
    },
  );

export const noNewVersionFromDraft = () =>
  new Problem(409, 'minutes_draft_open', '編集中の版があるため、新しい版は作成できません。');

export const nothingToFinalise = () => new Problem(409, 'minutes_not_draft', '確定する下書きの議事録がありません。');

/** Only the latest final version is published (an older one, or a draft, is not). */
export const nothingToPublish = () =>
  new Problem(409, 'minutes_not_final', '公開できるのは最新の確定済みの版だけです。最新の内容を読み込み直してください。');

export const signatoriesMissing = () =>
  new Problem(422, 'minutes_signatories_missing', '確定する前に議長と議事録署名人2名を選んでください。', [
    { field: 'body', code: 'minutes_signatories_missing', message: '議長と議事録署名人2名を選んでください' },
  ]);
