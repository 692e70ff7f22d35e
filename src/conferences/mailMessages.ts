/** Japanese texts of issue 13 in the conference screens: answer channels, staff-recorded answers, the answering window. */
export const messages = {
  resources: {
    conferences: {
      fields: {
        reminder_days: 'リマインダー',
      },
    },
    conference_members: {
      fields: {
        answer_channel: '受付方法',
        answer_received_at: '受付日時',
      },
    },
  },
  kaigi: {
    channels: {
      short: {
        portal: 'ポータル',
        fax: 'FAX',
        phone: '電話',
        email: 'メール',
        counter: '窓口',
        paper: '紙',
      },
      staff: '会議所受付（%{channel}）',
      /** issue 33: the staff member (or the company's user in the portal) who recorded the answer */
      recorded_by: '記録：%{name}',
      late: '期限後',
      late_label: '回答期限後の回答',
      tally_title: '受付方法',
    },
    record_answer: {
      open: '回答を記録',
      open_label: '%{name}の回答を記録',
      title: '%{name}の回答を記録',
      answer: '回答',
      channel: '受付方法',
      received_at: '受付日時',
      received_at_help: '未入力の場合は現在の日時になります。',
      proxy_name: '代理出席者の氏名',
      proxy_title: '代理出席者の肩書',
      delegate_to: '委任先',
      delegate_help: '議長、または同じ会議に本人として招待された他の方（委任を受けた方はさらに委任できません）。',
      chair: '議長',
      clear: '未回答に戻す',
      save: '記録する',
      saved: '%{name}の回答を記録しました。',
      required: '入力してください。',
      conflict: '他のユーザーが先にこの回答を変更しました。最新の内容を読み込みましたので、もう一度記録してください。',
    },
    reminder_days: {
      label: 'リマインダー（回答期限の何営業日前）',
      help: '数字を入力して Enter で追加します（1〜30、最大5つ）。既定は3営業日前と1営業日前です。',
      chip: '%{days}営業日前',
      invalid: '1〜30の数字を入力してください。',
      duplicate: '同じ日数はすでに追加されています。',
      too_many: 'リマインダーは5つまでです。',
    },
    reopen: {
      button: '回答受付を再開',
      title: '回答受付を再開しますか？',
      content: '「%{name}」を公開中に戻し、新しい回答期限まで回答を受け付けます。',
      deadline: '新しい回答期限',
      deadline_future: '現在より後の日時を入力してください。',
      confirm: '再開する',
      done: '回答受付を再開しました。',
    },
    past_deadline: {
      title: '回答期限が過ぎています。このまま公開しますか？',
      content: '回答期限（%{deadline}）が過ぎているため、事業所は回答できません。公開すると招待メールが送信されます。',
      confirm: 'このまま公開する',
    },
    warnings: {
      sub_conference_without_invitees: '招待者のいない子会議があります: %{names}',
    },
    copy_parent: {
      button: '親会議の招待者をコピー',
      title: '親会議の招待者をコピーしますか？',
      content: '親会議の招待者をこの子会議に招待します。既に招待済みの会員はスキップされます。',
      done: '%{created}名を招待しました（%{skipped}名はスキップ）。',
    },
    conferences: {
      edit: {
        tabs: {
          notifications: '送信履歴',
        },
      },
      errors: {
        answer_channel_required: '受付方法を選んでください。',
        received_at_in_future: '受付日時に未来の日時は指定できません。',
        received_at_too_early: '受付日時が会議の作成より1年以上前です。日時を確認してください。',
        conference_cancelled: '中止された会議の回答は記録できません。',
        proxy_name_required: '代理出席者の氏名を入力してください。',
        proxy_title_required: '代理出席者の肩書を入力してください。',
        answer_deadline_past: '回答期限が過ぎています。',
        reopen_deadline_required: '回答受付を再開するには、現在より後の回答期限を指定してください。',
        not_sub_conference: '子会議ではないため、親会議の招待者をコピーできません。',
        not_resendable: '送信に失敗したメッセージのみ再送できます。',
      },
    },
  },
};
