/** Japanese UI texts of the chamber's mail settings (issue 33). */
export const messages = {
  kaigi: {
    chamber_settings: {
      menu: 'メール送信設定',
      title: 'メール送信設定',
      intro:
        '%{name}から送るメール（招待・リマインダー・変更・中止・受付票・お知らせ）のすべてに、この差出人名と返信先を使います。送信元のアドレスはシステムで設定した送信用ドメインのままです。',
      fields: {
        mail_sender_name: '差出人名',
        mail_reply_to: '返信先メールアドレス',
        mail_contact: '署名の連絡先',
      },
      helper: {
        mail_sender_name: '空欄のときは会議所名を使います（例: 浜松商工会議所 会員サービス課）',
        mail_reply_to: '会員がメールに返信したときの届け先（会議所の連絡先）。空欄のときは返信先を付けません',
        mail_contact: 'メール末尾の署名に会議所名と並べて載せます（住所・電話・メールアドレスなど、改行で区切ります）',
      },
    },
  },
};
