import { Type } from 'typebox';
import { KANA_PATTERN } from '../../access/kana.ts';
import { PHONE_PATTERN } from '../../access/phone.ts';

/**
 * Fields with a fixed script or shape (issue 15 §4), checked after the body normalisers
 * (lib/normalize-body.ts) ran: ひらがな is already カタカナ, 7 digits already 123-4567.
 */

/** KANA_PATTERN: カタカナ (ァ U+30A1 … ヾ U+30FE: ヴ, ヶ, ・ and ー included) and spaces. */
export const POSTAL_CODE_PATTERN = '^[0-9]{3}-[0-9]{4}$';

/** Japanese messages for these patterns' errors (plugins/app/error-handler.ts), shown by the forms as sent. */
export const PATTERN_MESSAGES: ReadonlyMap<string, string> = new Map([
  [KANA_PATTERN, 'フリガナはカタカナで入力してください（ひらがなはカタカナに変換されます）'],
  [POSTAL_CODE_PATTERN, '郵便番号は7桁の数字で入力してください（例: 123-4567）'],
  // the accepted forms named (issue 33): the clerk's 053(433)2681 is one of them
  [
    PHONE_PATTERN,
    '電話番号は数字で、ハイフン・かっこ・空白で区切って入力してください（例: 03-1234-5678、053(433)2681、+81 53-433-2681。全角でも入力できます）',
  ],
]);

export const KanaText = (maxLength: number) => Type.String({ maxLength, pattern: KANA_PATTERN });
export const PostalCode = Type.String({ maxLength: 8, pattern: POSTAL_CODE_PATTERN });
/** after normalizePhone (access/phone.ts): 053(433)2681 arrives as 053-433-2681 */
export const Phone = Type.String({ maxLength: 15, pattern: PHONE_PATTERN });
