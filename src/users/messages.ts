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
        create: '会議所ユーザーの作成',
      },
      create: {
        intro:
          '会議所の職員のログインを作成します。事業所のログインは、会員の画面の「ログインアカウントを作成」から作成してください。',
        created: 'ユーザーを作成しました。仮パスワードをご本人にお伝えください。',
        another: '続けて作成',
        to_list: 'ユーザー一覧へ',
      },
      temporary: {
        label: '仮パスワード',
        copy: 'コピー',
        copied: 'コピーしました',
        once: 'この仮パスワードは今だけ表示されます。閉じる前に控えて、ご本人に安全な方法でお伝えください。',
        next_sign_in: '次回ログイン時に、ご本人が新しいパスワードを設定します。',
      },
      reissue: {
        button: '仮パスワードを再発行',
        title: '仮パスワードの再発行',
        confirm:
          '%{name} さんの仮パスワードを発行します。現在のパスワードは使えなくなり、次回ログイン時に新しいパスワードの設定が必要になります。',
        submit: '発行する',
        issuing: '発行しています…',
        done: '仮パスワードを発行しました。',
      },
      raise: {
        title: 'スーパー管理者にしますか？',
        content:
          '%{name} さんをスーパー管理者にすると、ユーザーの作成・権限変更・無効化を含むすべての機能を使えるようになります。よろしいですか？',
        confirm: 'スーパー管理者にする',
      },
      enabled: '有効',
      disabled: '無効',
      enabled_input: 'ログインを許可する（有効）',
      no_company: '—',
      helper: {
        q: 'メールアドレスまたは表示名の一部',
        display_name: '画面に表示される氏名（100文字以内）',
        user_type: 'スーパー管理者はすべての機能、管理者は会議の運営とマスタデータの閲覧、事業所は自社の回答ができます',
        user_type_side: '会議所のユーザーと事業所のユーザーの間では権限を変更できません',
        email: 'ログインに使うメールアドレス（既存のユーザーと重複できません）',
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
        cognito_user_missing: '認証基盤にこのユーザーが存在しないため、この操作はできません。',
        role_side_change:
          '事業所のユーザーと会議所のユーザーの間で権限を変更することはできません。会議所のユーザーは「作成」から新しく登録してください。',
        own_password: '自分のパスワードは、ユーザーメニューの「パスワード変更」から変更してください。',
      },
    },
  },
};
