/** Japanese UI texts of 会員 (react-admin's resources.members.* keys and kaigi.members.*). */
export const messages = {
  resources: {
    members: {
      name: '会員 |||| 会員',
      page: {
        list: '会員',
        create: '会員の登録',
        edit: '会員の編集: %{recordRepresentation}',
        show: '会員: %{recordRepresentation}',
      },
      fields: {
        id: 'ID',
        company_id: '事業所',
        company_code: '事業所コード',
        company: { name1: '事業所名' },
        name: '氏名',
        name_kana: 'フリガナ',
        title: '肩書',
        email: 'メールアドレス',
        start_at: '開始日',
        end_at: '終了日',
        period: '在籍期間',
        active_on: '在籍日',
        q: 'キーワード',
        version: 'バージョン',
        updated_at: '更新日時',
      },
    },
  },
  kaigi: {
    members: {
      filters: {
        keyword: 'キーワード（氏名・フリガナ・事業所）',
        company: '事業所',
        active_on: '在籍日（この日に在籍中）',
      },
      helper: {
        company: '事業所名・フリガナ・コードの一部を入力して選びます',
        name_kana: 'カタカナで入力してください（五十音順の並べ替えに使います）',
        email: 'ログインアカウントの作成に使います',
        start_at: '空欄は「以前から」',
        end_at: '空欄は「現在も在籍」',
      },
      period: {
        open_start: '以前から',
        open_end: '現在',
      },
      positions: {
        title: '役職',
        add: '役職を追加',
        none: 'この会員の役職はまだ登録されていません。',
      },
      account: {
        button: 'ログインアカウントを作成',
        title: 'ログインアカウントの作成',
        confirm:
          '%{name}さんのメールアドレス（%{email}）で、事業所「%{company}」の管理者としてログインできるアカウントを作成します。よろしいですか？',
        no_email: '%{name}さんにはメールアドレスが登録されていません。先にメールアドレスを登録してください。',
        submit: '作成する',
        creating: '作成しています…',
        created: 'ログインアカウントを作成しました。',
        name: '氏名',
        email: 'メールアドレス（ログインID）',
        temporary_password: '仮パスワード',
        temporary_password_help:
          '仮パスワードはこの画面にだけ表示されます。本人にお伝えください。初回ログイン時に新しいパスワードの設定を求められます。',
        invitation_sent: '本人にログイン方法を記載したメールが送信されます。',
        copy: 'コピー',
        copied: 'コピーしました',
      },
    },
  },
};
