import { Type, type Static } from 'typebox';
import { Nullable, Version } from './common.ts';
import { Clearable } from './member.ts';

/**
 * The chamber as the sender of its mail (issue 33): the From name and the Reply-To of every
 * message, and the contact lines of its signature. The From address is MAIL_FROM's, never the
 * chamber's: only the verified sending domain may send (README, "Mail from the chamber").
 */
export const ChamberSettingsSchema = Type.Object({
  cci_code: Type.String(),
  name: Type.String(),
  mail_sender_name: Nullable(Type.String()),
  mail_reply_to: Nullable(Type.String()),
  mail_contact: Nullable(Type.String()),
  version: Type.Integer(),
  updated_at: Type.String({ format: 'date-time' }),
});
export type ChamberSettings = Static<typeof ChamberSettingsSchema>;

export const ChamberSettingsUpdateSchema = Type.Object(
  {
    version: Version,
    mail_sender_name: Clearable(Type.String({ minLength: 1, maxLength: 100 })),
    mail_reply_to: Clearable(Type.String({ format: 'email', maxLength: 254 })),
    mail_contact: Clearable(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ChamberSettingsUpdate = Static<typeof ChamberSettingsUpdateSchema>;
