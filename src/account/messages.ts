/** Japanese texts of the own-account actions in the user menu (issue 15 item 3). */
export const messages = {
  kaigi: {
    account: {
      change_password: {
        menu: 'パスワード変更',
        title: 'パスワード変更',
        help: '新しいパスワードは%{min}文字以上で、前後に空白を含めないでください。',
        current: '現在のパスワード',
        new: '新しいパスワード',
        confirm: '新しいパスワード（確認）',
        submit: '変更する',
        submitting: '変更しています…',
        done: 'パスワードを変更しました。次回から新しいパスワードでログインしてください。',
        validation: {
          current_required: '現在のパスワードを入力してください。',
          min_length: 'パスワードは%{min}文字以上で入力してください。',
          spaces: 'パスワードの前後に空白を含めないでください。',
          mismatch: '新しいパスワードが一致しません。',
          same: '現在のパスワードと異なるパスワードを入力してください。',
        },
        errors: {
          wrong_current: '現在のパスワードが正しくありません。',
          policy: '新しいパスワードが要件を満たしていません（%{min}文字以上）。',
          limit: '試行回数が上限に達しました。しばらくしてから再度お試しください。',
          network: '認証サーバーに接続できませんでした。通信環境をご確認ください。',
          generic: 'パスワードを変更できませんでした。しばらくしてから再度お試しください。',
        },
      },
    },
  },
};
