/** Japanese UI texts of the users screens (react-admin's resources.users.* and kaigi.users.*). */
export const messages = {
  resources: {
    users: {
      name: 'ユーザー |||| ユーザー',
      fields: {
        q: 'キーワード',
        username: 'ユーザーID',
        email: 'メールアドレス',
        display_name: '表示名',
        user_type: '権限',
        company_id: '事業所',
        enabled: '状態',
        created_at: '作成日時',
        updated_at: '更新日時',
      },
    },
  },
  kaigi: {
    users: {
      title: {
        edit: 'ユーザーの編集: %{name}',
        show: 'ユーザー: %{name}',
      },
      enabled: '有効',
      disabled: '無効',
      enabled_input: 'ログインを許可する（有効）',
      no_company: '—',
      helper: {
        q: 'メールアドレスまたは表示名の一部',
        display_name: '画面に表示される氏名（100文字以内）',
        user_type: 'スーパー管理者はすべての機能、管理者は会議の運営とマスタデータの閲覧、事業所は自社の回答ができます',
        company_id: '事業所名またはコードで検索して選んでください',
        enabled: '無効にすると、このユーザーはログインできなくなります',
        self: '自分自身の権限と有効／無効は変更できません',
      },
      validation: {
        company_required: '事業所の権限には事業所を選んでください',
      },
      errors: {
        cannot_change_self: '自分自身のアカウントを無効にしたり、権限を変更したりすることはできません。',
        invalid_company: '事業所の権限には、この商工会議所の事業所を選んでください。会議所の権限には事業所を指定できません。',
        cognito_user_missing: '認証基盤にこのユーザーが存在しないため、有効にできません。',
      },
    },
  },
};
