/** Japanese texts of 書面議決・委任状 (issue 34): the portal's and staff's record-answer dialog; merged into src/i18n/ja.ts. */
export const messages = {
  kaigi: {
    written: {
      title: '議案への書面議決・委任状',
      help: '会議を欠席される議員は、議案ごとに賛成・反対・棄権を書面議決として回答できます。委任状を提出する場合は、上の回答で「委任状」を選んで回答してから、委任先を選んでください。',
      supersede_note: '当日出席して会場で投票した場合は、会場での投票が優先されます（書面議決は記録として残ります）。',
      loading: '議案を読み込んでいます…',
      load_error: '書面議決を読み込めませんでした。',
      retry: '再読み込み',
      group: '%{person}：%{motion}',
      none: '未回答',
      in_vote: '採決が始まったため、変更できません。',
      superseded: '会場で投票したため、この書面議決は採用されていません。',
      received: '会議所が受付（%{channel}）',
      save: '書面議決を保存',
      saving: '保存しています…',
      saved: '書面議決を保存しました。',
      no_changes: '変更がありません。',
      error: '保存できませんでした。',
      closed: '回答期限を過ぎたため、書面議決・委任状は変更できません。',
      delegate_title: '委任状',
      delegate_to: '委任先',
      chair: '議長',
      delegate_note: '委任先の方が当日出席しない場合は、議長に委任したものとして扱われます。',
      delegate_save: '委任先を保存',
      delegate_saved: '委任先を保存しました。',
      staff_title: '書面議決（議案ごと）',
      staff_help:
        '紙・FAX などで届いた書面議決を記録します。受付方法は上で選んだもの（%{channel}）になります。回答とは別に「書面議決を保存」で保存してください。',
      delegate_only_own: '選べるのは議長と、貴社から本人として招待された方です。',
    },
  },
};
