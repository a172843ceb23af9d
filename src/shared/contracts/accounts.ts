/** Accounts: sign-up, sign-in, password reset, addresses, postal codes. */
import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.js';
import { asStored, email, postalCode, text } from './common.js';

export const password = text({ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, trim: false });
/** A Mexican phone number, validated with libphonenumber-js. */
export const phone = text({ max: 20 }).refine((v) => isValidPhoneNumber(v, 'MX'), {
  params: { i18n: 'invalid_phone' },
});

/** POST /api/auth/register */
export const registerBody = z
  .object({
    fullName: text({ min: 2, max: 120 }),
    email,
    phone: phone.optional(),
    password,
    passwordConfirm: text({ max: PASSWORD_MAX_LENGTH, trim: false }),
  })
  .refine((b) => b.password === b.passwordConfirm, {
    path: ['passwordConfirm'],
    params: { i18n: 'passwords_do_not_match' },
  });

/** POST /api/auth/login and POST /api/admin/login */
export const loginBody = z.object({ email, password: text({ min: 1, max: PASSWORD_MAX_LENGTH, trim: false }) });

export const user = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(['customer', 'seller', 'owner', 'collaborator', 'operator']),
});
export type User = z.infer<typeof user>;

/** Answer of register and login: the opaque access token and the user. */
export const sessionResponse = z.object({ token: z.string(), user });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** POST /api/auth/recover: always answers 200 (no account enumeration); mails a reset link to ./data/outbox. */
export const recoverBody = z.object({ email });
/** GET /api/auth/reset/:token answers { valid } or 410 RESET_LINK_EXPIRED. */
export const resetCheckResponse = z.object({ valid: z.literal(true), email: z.string() });
/** POST /api/auth/reset */
export const resetBody = z
  .object({
    token: text({ min: 10, max: 200 }),
    password,
    passwordConfirm: text({ max: PASSWORD_MAX_LENGTH, trim: false }),
  })
  .refine((b) => b.password === b.passwordConfirm, {
    path: ['passwordConfirm'],
    params: { i18n: 'passwords_do_not_match' },
  });

/** A Mexican delivery address. */
export const addressInput = z.object({
  fullName: text({ min: 2, max: 120 }),
  street: text({ min: 1, max: 120 }),
  exteriorNumber: text({ min: 1, max: 20 }),
  interiorNumber: text({ max: 20 }).optional().nullable(),
  postalCode,
  state: text({ min: 1, max: 80 }),
  municipality: text({ min: 1, max: 120 }),
  city: text({ max: 120 }).optional().nullable(),
  neighborhood: text({ min: 1, max: 120 }),
  deliveryInstructions: text({ max: 300, multiline: true }).optional().nullable(),
  phone,
});
export type AddressInput = z.infer<typeof addressInput>;
/** A saved address as stored: today's input rules are not re-applied on read (`asStored`). */
export const address = asStored(addressInput).extend({
  id: z.string(),
  /** The buyer's default address (checkout offers it first). */
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;

/** GET /api/postal-codes/:cp → state and municipality of a CP and its colonias (SEPOMEX). 404 POSTAL_CODE_NOT_FOUND. */
export const postalCodeLookup = z.object({
  postalCode: z.string(),
  state: z.string(),
  municipality: z.string(),
  city: z.string().nullable(),
  neighborhoods: z.array(z.object({ name: z.string(), type: z.string() })),
});
export type PostalCodeLookup = z.infer<typeof postalCodeLookup>;

/** POST /api/store-floor/exchange (server to server, header X-App-Secret): the one-time code of the dashboard link. */
export const storeFloorExchangeBody = z.object({ code: text({ min: 10, max: 200 }) });
/** Its answer: a bearer token that only the /api/store-floor/* routes accept. */
export const storeFloorGrant = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** Seconds. */
  expiresIn: z.number().int(),
  store: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
});
/** GET /api/store-floor/store: the store and seller a store-floor token is for. */
export const storeFloorStore = z.object({
  store: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  seller: z.object({ fullName: z.string() }),
});
