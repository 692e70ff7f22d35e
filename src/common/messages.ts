/**
 * Japanese texts of the shared console building blocks (src/common/*), under `kaigi.common.*`.
 * Merged into src/i18n/ja.ts like a resource folder's messages.
 */
export const messages = {
  kaigi: {
    common: {
      conflict: {
        title: '他のユーザーが先に更新しました',
        message:
          '他のユーザーが先に更新しました。「最新の内容を読み込む」を押すと、入力中の内容を残したまま最新の内容を読み込みます。確認してから、もう一度保存してください。',
        reload: '最新の内容を読み込む',
        reloading: '最新の内容を読み込んでいます…',
        reloaded: '最新の内容を読み込みました。入力した内容はそのまま残っています。確認してから保存してください。',
        reload_failed: '最新の内容を読み込めませんでした。時間をおいて、もう一度お試しください。',
      },
      empty: {
        title: '%{name}はまだ登録されていません',
        invite: '「作成」ボタンから登録できます。',
        read_only: '登録されるとここに表示されます。',
        filtered: '条件に一致する%{name}はありません',
        filtered_hint: '絞り込み条件を変えて、もう一度お試しください。',
        clear_filters: '絞り込み条件をクリア',
      },
      date: {
        empty: '—',
      },
      drafts: {
        restored: '保存されていない入力内容を復元しました。内容を確認してから保存してください。',
      },
      search: {
        searching: '検索中…',
      },
      actions: {
        cancel: 'キャンセル',
        close: '閉じる',
        confirm: '実行する',
        reload: '再読み込み',
      },
      validation: {
        email: 'メールアドレスの形式で入力してください',
        postal_code: '郵便番号は「123-4567」の形式で入力してください',
        required_typed: '%{field}を入力してください',
        required_chosen: '%{field}を選択してください',
        kana: 'フリガナはカタカナで入力してください（ひらがなも入力できます）',
        phone:
          '電話番号は数字で、ハイフン・かっこ・空白で区切って入力してください（例: 03-1234-5678、053(433)2681、+81 53-433-2681。全角でも入力できます）',
        code: '半角英数字・ハイフン・アンダースコアで入力してください',
        period: '終了日は開始日以降の日付を指定してください',
        integer: '0以上の整数で入力してください',
      },
    },
  },
};
