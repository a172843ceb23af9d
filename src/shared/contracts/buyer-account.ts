/** The buyer's account (/miperfil): personal data, email and password changes, address book, deleting the account. */
import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { PASSWORD_MAX_LENGTH } from '../limits.js';
import { email, text } from './common.js';
import { password, phone } from './accounts.js';

/** A Mexican phone number as typed ("55 1234 5678", "+52 …"), stored in E.164 ("+525512345678"). */
export const phoneE164 = phone.transform((v) => parsePhoneNumberFromString(v, 'MX')?.format('E.164') ?? v);

/** The current password asked again before a sensitive change: any length, never trimmed. */
const currentPassword = text({ min: 1, max: PASSWORD_MAX_LENGTH, trim: false });

/** PATCH /api/account/profile: name and phone (an empty phone removes it). */
export const profileBody = z.object({
  fullName: text({ min: 2, max: 120 }),
  // Empty as null before the phone's rules, so a wrong number gets the phone's own message, not a union's.
  phone: z.preprocess((v) => (v === '' ? null : v), phoneE164.nullable().optional()),
});
export type ProfileBody = z.infer<typeof profileBody>;

/** POST /api/account/email: a link is mailed to the new address; nothing changes until it is followed. */
export const emailChangeBody = z.object({ newEmail: email, currentPassword });
/** Its answer: where the link went. */
export const emailChangeAccepted = z.object({ pendingEmail: z.string() });
/** POST /api/account/email/confirm: the token of the mailed link. */
export const emailChangeConfirmBody = z.object({ token: text({ min: 10, max: 200 }) });
/** Its answer: the account's email now. */
export const emailChangeConfirmed = z.object({ email: z.string() });

/** POST /api/account/password */
export const passwordChangeBody = z
  .object({
    currentPassword,
    newPassword: password,
    newPasswordConfirm: text({ max: PASSWORD_MAX_LENGTH, trim: false }),
  })
  .refine((b) => b.newPassword === b.newPasswordConfirm, {
    path: ['newPasswordConfirm'],
    params: { i18n: 'passwords_do_not_match' },
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;
/** Its answer: how many other sessions were signed out. */
export const passwordChanged = z.object({ ok: z.literal(true), signedOut: z.number().int() });

/** POST /api/account/delete: the password confirms it is the person. */
export const deleteAccountBody = z.object({ currentPassword });
