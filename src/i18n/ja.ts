/**
 * Japanese UI messages: react-admin's (ra.*) from @bicstone/ra-language-japanese, and ours under
 * `kaigi.*`. Every UI text goes through a key here.
 */
import japaneseModule from '@bicstone/ra-language-japanese';
import { messages as companiesMessages } from '../companies/messages';
import { messages as chamberSettingsMessages } from '../chamber-settings/messages';
import { messages as membersMessages } from '../members/messages';
import { messages as positionsMessages } from '../positions/messages';
import { messages as usersMessages } from '../users/messages';
import { messages as accountMessages } from '../account/messages';
import { messages as conferenceTemplatesMessages } from '../conference-templates/messages';
import { messages as masterDataMessages } from '../master-data/messages';
import { messages as conferencesMessages } from '../conferences/messages';
import { messages as conferenceMailMessages } from '../conferences/mailMessages';
import { messages as notificationsMessages } from '../notifications/messages';
import { messages as exportsMessages } from '../exports/messages';
import { messages as importsMessages } from '../imports/messages';
import { messages as dashboardMessages } from '../dashboard/messages';
import { messages as companyPortalMessages } from '../company/messages';
import { messages as quorumMessages } from '../conferences/quorum/messages';
import { messages as roomStaffMessages } from '../conferences/room/messages';
import { messages as receptionMessages } from '../conferences/reception/messages';
import { messages as motionsMessages } from '../conferences/motions/messages';
import { messages as votesMessages } from '../conferences/votes/messages';
import { messages as minutesMessages } from '../conferences/minutes/messages';
import { messages as commonMessages } from '../common/messages';
import { messages as roomMessages } from '../room/messages';
import { messages as voteMessages } from '../room/vote/messages';
import { messages as writtenVoteMessages } from '../company/meetings/votes/messages';

// The package is CommonJS with `exports.default`; depending on the bundler's interop the default
// import is the messages or the module object around them. Unwrap so `ra.*` keys are always found.
const japaneseMessages = ('ra' in (japaneseModule as object)
  ? japaneseModule
  : (japaneseModule as unknown as { default: typeof japaneseModule }).default) as unknown as Record<string, unknown>;

export const kaigiMessages = {
  kaigi: {
    app: {
      title: 'Kaigi 会議運営',
    },
    boot: {
      title: 'アプリケーションを開始できませんでした',
      message: '設定を読み込めませんでした。時間をおいてページを再読み込みしてください。',
    },
    roles: {
      CCI_ADMIN: 'スーパー管理者',
      CCI_CONFERENCE_USER: '管理者',
      COMPANY_ADMIN: '事業所',
    },
    login: {
      title: 'ログイン',
      email: 'メールアドレス',
      password: 'パスワード',
      submit: 'ログイン',
      submitting: 'ログイン中…',
      hosted: {
        or: 'または',
        button: 'シングルサインオン',
        leaving: 'シングルサインオンのページに移動しています…',
        returning: 'ログインしています…',
      },
      new_password: {
        title: '新しいパスワードの設定',
        help: '初回ログインのため、新しいパスワードを設定してください（%{min}文字以上）。',
        password: '新しいパスワード',
        confirm: '新しいパスワード（確認）',
        submit: 'パスワードを設定してログイン',
      },
      validation: {
        email_required: 'メールアドレスを入力してください。',
        password_required: 'パスワードを入力してください。',
        password_min_length: 'パスワードは%{min}文字以上で入力してください。',
        password_mismatch: 'パスワードが一致しません。',
      },
      errors: {
        invalid_credentials: 'メールアドレスまたはパスワードが正しくありません。',
        password_reset_required: 'パスワードの再設定が必要です。管理者にお問い合わせください。',
        user_not_confirmed: 'アカウントが有効化されていません。管理者にお問い合わせください。',
        too_many_attempts: 'ログインの試行回数が上限に達しました。しばらくしてから再度お試しください。',
        invalid_password: 'パスワードが要件を満たしていません（%{min}文字以上）。',
        unsupported_step: 'このアカウントのログイン手続きには対応していません。',
        unknown_role: 'このアカウントには利用権限がありません。',
        user_info: 'ユーザ情報取得時にエラーが発生しました。',
        user_disabled: 'このアカウントは利用停止中です。管理者にお問い合わせください。',
        network: '認証サーバーに接続できませんでした。通信環境をご確認ください。',
        hosted: 'シングルサインオンでログインできませんでした。もう一度お試しください。',
        hosted_cancelled: 'シングルサインオンのログインが中止されました。',
        generic: 'ログインできませんでした。しばらくしてから再度お試しください。',
      },
    },
    menu: {
      dashboard: 'ダッシュボード',
      meetings: '会議一覧',
      user_menu_of: 'プロフィール %{name}',
    },
    not_found: {
      title: 'ページが見つかりません',
      message: 'お探しのページは存在しないか、移動または削除された可能性があります。',
      home: 'ホームへ戻る',
    },
    session: {
      user_info_error: 'ユーザ情報取得時にエラーが発生しました。',
      log_off: 'ログオフ',
      expired: 'ログインの有効期限が切れたため、操作を完了できませんでした。もう一度ログインしてください。',
      expired_login: 'ログインの有効期限が切れました。もう一度ログインしてください。ログイン後、元の画面に戻ります。',
      expired_login_draft:
        'ログインの有効期限が切れました。もう一度ログインしてください。入力中の内容は、ログイン後に元の画面で復元されます。',
    },
    progress: {
      loading: '読み込み中',
    },
    errors: {
      http: {
        error_occurred: 'エラーが発生しました。',
        bad_gateway: 'サーバーに接続できませんでした。',
        service_unavailable: 'ただいまサービスを利用できません。しばらくしてから再度お試しください。',
        generic: '予期しないエラーが発生しました。',
        timeout: '通信がタイムアウトしました。',
        network: '通信エラーが発生しました。',
      },
      // Problem codes of the API (src/api/errors.ts PROBLEM_CODES)
      codes: {
        version_conflict: '他のユーザーが先に更新しました。最新の内容を読み込んでから、もう一度保存してください。',
        validation_failed: '入力内容に誤りがあります。',
        unauthorized: 'ログインの有効期限が切れました。もう一度ログインしてください。',
        forbidden: 'この操作を行う権限がありません。',
        not_found: '指定されたデータが見つかりません。',
        rate_limited: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
        already_invited: 'この会議には既に招待されている会員が含まれています。',
        answer_deadline_passed: '回答期限を過ぎているため、回答できません。',
        conference_not_open: 'この会議は現在回答を受け付けていません。',
        duplicate_company_code: 'この事業所コードは既に使われています。',
        duplicate_template_code: 'このテンプレートコードは既に使われています。',
        user_exists: 'このメールアドレスのユーザーは既に登録されています。',
        user_disabled: 'このアカウントは利用停止中です。管理者にお問い合わせください。',
        role_side_change:
          '事業所のユーザーと会議所のユーザーの間で権限を変更することはできません。会議所のユーザーは「作成」から新しく登録してください。',
        own_password: '自分のパスワードは、ユーザーメニューの「パスワード変更」から変更してください。',
        member_has_no_email: 'メールアドレスが登録されていないため、ログインアカウントを作成できません。',
        database_unavailable: 'ただいまサービスを利用できません。しばらくしてから再度お試しください。',
        body_too_deep: '送信内容の入れ子が深すぎるため、受け付けられませんでした。',
        invalid_text: '保存できない文字が含まれています。該当する項目の入力内容を確認してください。',
        // 議案 and 採決 (issue 34)
        motion_declared: 'この議案は結果が宣言済みのため、変更・削除できません。',
        motion_voted: '採決を行った議案は削除できません。',
        motion_rule_locked: '採決を始めた議案の議決要件は変更できません。',
        duplicate_motion_number: 'この会議には同じ番号の議案が既にあります。',
        motion_rule_invalid:
          '議決要件の割合が全体を超えているため成立しません。分子を分母以下にし、全体（分子＝分母）は「以上」にしてください。',
        agenda_item_unknown: '指定された議事項目が議事次第にありません。次第を確認してください。',
        voting_closed: '下書きまたは中止の会議では、採決・書面議決を受け付けません。',
        poll_already_open: 'この議案では採決が進行中です。締め切ってから次の採決を始めてください。',
        quorum_not_met: '定足数に達していないため、採決を始められません。始めるには理由を入力してください。',
        poll_closed: 'この採決は締め切られたため、投票・変更できません。',
        counts_not_for_method: '挙手の採決でのみ人数を入力できます。',
        counts_exceed_voters: '挙手の合計が出席者数を超えています。',
        counts_missing: '挙手の人数を入力してから締め切ってください。',
        poll_not_closed: '採決を締め切ってから結果を宣言してください。',
        poll_not_latest: 'この議案には新しい採決があります。最新の採決で結果を宣言してください。',
        chair_decision_required: '可否同数です。議長の決定（可決・否決）を選んでください。',
        chair_decision_not_tied: '可否同数ではないため、議長の決定は指定できません。',
        ballots_not_for_method: '無記名投票では事務局が投票を記録できません。',
        duplicate_ballot: '同じ方の投票が重複しています。',
        not_a_voter: 'この採決では、このリンクから投票できません（投票権がないか、挙手による採決です）。',
        already_voted: '無記名投票は一人一回です。投票済みのため変更できません。',
        not_a_principal: '書面議決と委任状は、本人（議員）として招待された方だけが行えます。',
        motion_in_vote: '採決が始まった議案には、書面議決を受け付けません。最新の状態を読み込んでください。',
        duplicate_motion: '同じ議案への書面議決が重複しています。',
        motion_unknown: 'この会議の議案ではないため、書面議決を記録できません。最新の状態を読み込んでください。',
        delegate_to_invalid: '委任先は、同じ会議に本人として招待された他の方を選んでください。',
        delegation_chain: '委任を受ける方は、ほかの方に委任できません（委任の連鎖はできません）。委任先を選び直してください。',
        member_voted: '採決の投票者になった出席者は、採決の記録のため削除できません。',
        // 議事録 (issue 35)
        correction_reason_required: '記録と異なる数値に訂正するには、訂正の理由を入力してください。',
        unknown_figure: '議事録にない項目を訂正しようとしました。最新の内容を読み込み直してください。',
        figure_type_mismatch: '訂正後の値の種類が記録の値と異なります（人数は数値、時刻は日時で入力してください）。',
        unknown_section: '議事録にない項目の本文です。最新の内容を読み込み直してください。',
        not_an_attendee: '議長・議事録署名人は、出席者（受付済みの方）から選んでください。',
        minutes_final: 'この版は確定済みのため変更できません。訂正するには新しい版を作成してください。',
        minutes_draft_open: '編集中の版があるため、新しい版は作成できません。編集中の版を確定してください。',
        minutes_not_draft: '確定する下書きの議事録がありません。最新の内容を読み込み直してください。',
        minutes_not_final: '公開できるのは最新の確定済みの版だけです。最新の内容を読み込み直してください。',
        minutes_signatories_missing: '確定する前に、議長と議事録署名人2名を選んでください。',
      },
      // Per-field errors (src/api/errors.ts FIELD_ERROR_CODES)
      fields: {
        invalid: '入力内容が正しくありません',
        after_start_time: '終了時刻は開始時刻より後にしてください',
        delegate_mismatch: '「委任状」の選択肢と「委任状による回答を受け付ける」を揃えてください',
        required: '必須項目です',
        type: '入力形式が正しくありません',
        minLength: '文字数が足りません',
        maxLength: '文字数が多すぎます',
        pattern: '入力形式が正しくありません',
        format: '入力形式が正しくありません',
        enum: '選択肢から選んでください',
        minimum: '値が小さすぎます',
        maximum: '値が大きすぎます',
        minItems: '選択数が足りません',
        maxItems: '選択数が多すぎます',
        uniqueItems: '同じ値が重複しています',
        unique: '既に使われています',
        period: '終了日は開始日以降の日付を指定してください',
        not_found: '見つかりません',
        version_conflict: '他のユーザーが先に更新しました',
        invalid_text: '保存できない文字が含まれています',
        motion_rule_invalid: '割合は全体以下にしてください（全体は「以上」のときだけ）',
        duplicate_motion_number: 'この番号の議案は既にあります',
      },
    },
  },
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const deepMerge = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out;
};

/** Each resource folder keeps its own messages (src/<resource>/messages.ts), merged here. */
const resourceMessages = [
  commonMessages,
  companiesMessages,
  membersMessages,
  positionsMessages,
  usersMessages,
  accountMessages,
  conferenceTemplatesMessages,
  masterDataMessages,
  conferencesMessages,
  conferenceMailMessages,
  notificationsMessages,
  exportsMessages,
  importsMessages,
  dashboardMessages,
  companyPortalMessages,
  roomMessages,
  voteMessages,
  writtenVoteMessages,
  quorumMessages,
  minutesMessages,
  roomStaffMessages,
  receptionMessages,
  motionsMessages,
  votesMessages,
  chamberSettingsMessages,
].reduce<Record<string, unknown>>((all, m) => deepMerge(all, m), {});

export const jaMessages = deepMerge(deepMerge(japaneseMessages, kaigiMessages), resourceMessages);
