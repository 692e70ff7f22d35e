/**
 * Japanese UI texts of 事業所 (react-admin's resources.companies.* keys and kaigi.companies.*).
 * Also carries the shared console texts (kaigi.common.*, src/common/messages.ts) so they reach
 * src/i18n/ja.ts through this folder's messages until ja.ts merges them itself.
 */
import { messages as commonMessages } from '../common/messages';

export const messages = {
  resources: {
    companies: {
      name: '事業所 |||| 事業所',
      page: {
        list: '事業所',
        create: '事業所の登録',
        edit: '事業所の編集: %{recordRepresentation}',
        show: '事業所: %{recordRepresentation}',
      },
      fields: {
        id: 'ID',
        company_code: '事業所コード',
        company_code__startswith: '事業所コード',
        joined_on: '入会日',
        joined_on__gte: '入会日（から）',
        joined_on__lte: '入会日（まで）',
        q: 'キーワード',
        version: 'バージョン',
        attributes: {
          name1: '名称',
          name_kana: 'フリガナ',
          email: 'メールアドレス',
          representative: '代表者',
          postal_code: '郵便番号',
          address: '住所',
          phone: '電話番号',
          admin_changed_info_flag: '事業所の確認',
        },
        created_at: '登録日時',
        updated_at: '更新日時',
      },
    },
  },
  kaigi: {
    ...commonMessages.kaigi,
    companies: {
      sections: {
        basic: '基本情報',
        contact: '連絡先',
      },
      filters: {
        keyword: 'キーワード（名称・フリガナ・コード）',
        company_code: '事業所コード（前方一致）',
      },
      helper: {
        company_code:
          '半角英数字・ハイフン・アンダースコア。英字は大文字で保存されます（大文字・小文字、全角・半角は区別しません）',
        name_kana: 'カタカナで入力してください（五十音順の並べ替えに使います）',
        postal_code: '例: 100-0005',
        phone: '例: 03-1234-5678',
        email: '事業所のログインやお知らせに使います',
        joined_on: '商工会議所に入会した日',
      },
      flag: {
        pending: '確認待ち',
        confirmed: '確認済み',
        pending_help: '商工会議所が登録内容を変更したため、事業所の管理者が次回ログイン時に内容を確認します。',
        confirmed_help: '事業所の管理者は登録内容を確認済みです。',
        save_notice: '保存すると、事業所の管理者に次回ログイン時の内容確認を求めます。',
      },
    },
  },
};
