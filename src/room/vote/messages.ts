/**
 * Japanese texts of the voter's 採決 screen (/room/:token, issue 34). Merged into src/i18n/ja.ts
 * like each folder's messages.
 */
export const messages = {
  kaigi: {
    vote: {
      title: '採決',
      opened: '採決が始まりました：%{motion}',
      loading: '採決の状況を読み込んでいます…',
      load_error: '採決の状況を読み込めませんでした。',
      retry: '再読み込み',
      method: {
        roll_call: '記名投票',
        secret: '無記名投票',
        show_of_hands: '挙手',
      },
      method_note: {
        roll_call: '締め切りまで、何度でも選び直せます。あなたの選択は記録されます。',
        secret: '投票は一人一回で、投票後は変更できません。誰がどれを選んだかは記録されません。',
        show_of_hands: '挙手で採決します。会場で議長の指示に従って手を挙げてください。',
      },
      choice: {
        yes: '賛成',
        no: '反対',
        abstain: '棄権',
      },
      own: 'あなたの票',
      carried: '委任を受けた票：%{name}',
      carried_title: '委任を受けた票（%{count}票）',
      carried_note: '委任状により、次の方の票をあなたが投じます。',
      no_vote: 'この採決では、このリンクから投票できません（書面議決・委任状で議決権を行使した方、来賓・随行の方など）。',
      not_voted: '未投票',
      recorded: '記録済み：%{choice}',
      recorded_secret: '投票済み（無記名のため、選択は表示されません）',
      sending: '送信しています…',
      confirm_title: '無記名投票',
      confirm_body: '「%{choice}」で投票します。',
      confirm_note: '無記名投票は一人一回です。投票後は変更できません。',
      confirm: '投票する',
      closed: '%{motion}の採決は締め切られました。',
      adopted: '%{motion}は可決されました。',
      rejected: '%{motion}は否決されました。',
    },
  },
};
