/**
 * Japanese UI texts of ファイル出力 (issue 6): react-admin's resources.exports.* keys and
 * kaigi.exports.* (the exports page, the export button and its dialog).
 */
export const messages = {
  resources: {
    exports: {
      name: 'ファイル出力 |||| ファイル出力',
      fields: {
        id: 'ID',
        type: '出力内容',
        format: '形式',
        params: '条件',
        status: '状態',
        progress: '進捗',
        created_at: '作成日時',
        created_by: '作成者',
        expires_at: '保存期限',
      },
    },
  },
  kaigi: {
    exports: {
      types: {
        attendance: '出欠一覧',
        reception: '受付名簿',
        companies: '事業所一覧',
        members: '会員一覧',
      },
      formats: {
        xlsx: 'Excel（XLSX）',
        csv_utf8: 'CSV UTF-8（BOM付き、Excel向け）',
        csv_sjis: 'CSV Shift_JIS',
      },
      formats_short: {
        xlsx: 'XLSX',
        csv_utf8: 'CSV（UTF-8）',
        csv_sjis: 'CSV（Shift_JIS）',
      },
      orders: {
        protocol: '席次順',
        kana: '五十音順',
        code: '事業所コード順',
      },
      date_styles: {
        western: '西暦',
        japanese: '和暦',
      },
      date_style_examples: {
        western: '西暦（2026/04/01）',
        japanese: '和暦（令和8年4月1日）',
      },
      statuses: {
        queued: '待機中',
        running: '実行中',
        succeeded: '完了',
        failed: '失敗',
      },
      list: {
        title: 'ファイル出力',
        intro: '作成したファイルの状況です。完了したファイルは保存期限までダウンロードできます。',
        filters: {
          status: '状態',
          type: '出力内容',
          mine: '自分の出力のみ',
          created_by: '作成者',
          anyone: 'すべての作成者',
          me: '%{name}（自分）',
        },
        conference_prefix: '会議：',
        as_of: '基準日：%{date}',
        progress_label: '%{type}の進捗',
        progress: '%{done} / %{total} 行',
        rows: '%{count} 行',
        waiting: '開始を待っています…',
        retry_status: '再実行待ち',
        retry_waiting: '前回の処理が中断されたため、再実行を待っています。',
        retry_reason: '中断の理由: %{reason}',
        counting: '件数を数えています…',
        replaced: 'Shift_JIS で表せない %{count} 文字を「〓」に置き換えました。',
        failed: '失敗の理由: %{reason}',
        failed_unknown: '失敗の理由: 不明なエラー',
        expired: '期限切れ',
        expires: '%{date}まで',
        by_me: '自分',
        download: 'ダウンロード',
        download_named: '%{name} をダウンロード',
        downloading: 'ダウンロードの準備中…',
        polling: '実行中の出力があるため、2秒ごとに自動で更新しています。',
      },
      empty: {
        title: '出力したファイルはまだありません',
        hint: '事業所・会員の一覧や会議の画面にある「出力」ボタンから、ファイルを作成できます。',
        filtered: '条件に一致する出力はありません',
        filtered_hint: '絞り込み条件を変えて、もう一度お試しください。',
        clear_filters: '絞り込み条件をクリア',
      },
      button: {
        label: '出力',
        conference_label: '名簿を出力',
        conference_aria: '「%{name}」の出欠一覧・受付名簿を出力',
      },
      dialog: {
        title: '%{type}を出力',
        title_choose: '名簿を出力',
        intro: 'ファイルはサーバーで作成されます。作成の状況とダウンロードは「ファイル出力」ページで確認できます。',
        conference: '対象の会議: %{name}',
        type: '出力内容',
        format: '形式',
        order: '並び順',
        date_style: '日付の表記',
        as_of: '基準日',
        as_of_help: 'この日に在籍している会員と、この日の役職を出力します。',
        as_of_required: '基準日を入力してください。',
        submit: '出力する',
        submitting: '受け付けています…',
      },
      queued: {
        message: '%{type}の出力を受け付けました。完了するとダウンロードできます。',
        open: '出力状況を見る',
      },
    },
  },
};
