/**
 * Platform identity: sign-up on the platform home, store memberships (owner, collaborator with
 * permissions), the store picker and collaborator invitations.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits.js';
import { email, text, uuid } from './common.js';
import { password, user } from './accounts.js';
import { forbiddenWordIn, nameSkeleton } from '../store-names.js';

/** What a collaborator may be allowed to do in a store; the owner has them all. */
export const PERMISSIONS = ['catalog', 'orders', 'money', 'settings'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permission = z.enum(PERMISSIONS);
export const permissionList = z
  .array(permission)
  .max(PERMISSIONS.length)
  .transform((ps) => [...new Set(ps)]);

export const membershipRole = z.enum(['owner', 'collaborator']);
export type MembershipRole = z.infer<typeof membershipRole>;

/**
 * Words no store slug may be (they name platform hosts and paths, or could pass for Vitrina itself). Compared after
 * lower-casing; decision 037.
 */
export const RESERVED_SLUGS: readonly string[] = [
  'admin',
  'api',
  'www',
  'app',
  'apps',
  'platform',
  'plataforma',
  'vitrina',
  'static',
  'assets',
  'cdn',
  'mail',
  'email',
  'smtp',
  'ftp',
  'help',
  'ayuda',
  'support',
  'soporte',
  'status',
  'blog',
  'docs',
  'dev',
  'test',
  'staging',
  'login',
  'signup',
  'registro',
  'account',
  'cuenta',
  'billing',
  'pagos',
  'store',
  'tienda',
  'tiendas',
  'shop',
  'root',
  'system',
  'operator',
  'proveedor',
  'localhost',
  'files',
  'uploads',
  'media',
  'images',
  'img',
  'public',
  'security',
  'legal',
  'terms',
  'privacy',
];
/** Skeletons of the reserved words (decision 101): "w-w-w" or "4pi" is as reserved as "www" or "api". */
const RESERVED_SKELETONS = new Set(RESERVED_SLUGS.map(nameSkeleton));

/**
 * Whether a (well-formed) slug is reserved: one of RESERVED_SLUGS or a look-alike of one, or it contains a brand,
 * payment or security word (FORBIDDEN_NAME_WORDS; decisions 037 and 101).
 */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug) || RESERVED_SKELETONS.has(nameSkeleton(slug)) || forbiddenWordIn(slug) !== null;
}

/** 3 to 40 lower-case letters, digits and inner hyphens (a DNS label). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

/** A store slug: format first (field message slug_format), then reserved words (slug_reserved). */
export const storeSlug = text({ min: 3, max: 40 })
  .toLowerCase()
  .regex(SLUG_PATTERN, { message: 'i18n:slug_format' })
  .refine((s) => !s.includes('--'), { message: 'i18n:slug_format' })
  .refine((s) => !isReservedSlug(s), { message: 'i18n:slug_reserved' });

/** POST /api/platform/signup */
export const signUpBody = z.object({
  fullName: text({ min: 2, max: 120 }),
  email,
  password,
  storeName: text({ min: 2, max: 80 }),
  slug: storeSlug,
  lang: z.enum(['es', 'en']),
});
export type SignUpBody = z.infer<typeof signUpBody>;

/**
 * The answer to every accepted sign-up, whether the email was new (an account and an unpublished store were created,
 * a verification link mailed) or already had an account (its owner was mailed a notice): the same, so the answer
 * does not tell which emails have accounts (decision 100).
 */
export const signUpAccepted = z.object({ status: z.literal('check_email') });
export type SignUpAccepted = z.infer<typeof signUpAccepted>;

/** A verification link's token (32 random bytes, base64url). */
export const emailVerificationToken = text({ min: 20, max: 200 });
/** POST /api/platform/email-verification */
export const emailVerificationBody = z.object({ token: emailVerificationToken });

/** GET /api/admin/email-verification: whether the signed-in seller's email is verified (the admin's banner). */
export const emailVerificationState = z.object({ verified: z.boolean(), email: z.string() });
export type EmailVerificationState = z.infer<typeof emailVerificationState>;

/** GET /api/platform/slug?slug= → whether a store could take it now (the sign-up still decides under a race). */
export const slugCheckQuery = z.object({ slug: text({ max: 60 }) });
export const slugCheck = z.object({
  slug: z.string(),
  available: z.boolean(),
  /** Why not: slug_format | slug_reserved | slug_taken | slug_similar (a look-alike of another store's) */
  reason: z.enum(['slug_format', 'slug_reserved', 'slug_taken', 'slug_similar']).nullable(),
});
export type SlugCheck = z.infer<typeof slugCheck>;

/** A store the signed-in person belongs to (store picker). */
export const myStore = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: membershipRole,
  permissions: z.array(permission),
  /** Storefront host, e.g. `demo.localhost`. */
  hostname: z.string().nullable(),
});
export type MyStore = z.infer<typeof myStore>;

/** Answer of seller sign-in, sign-up, invitation acceptance and store switch. `store` null = pick one. */
export const sellerSession = z.object({
  token: z.string(),
  user,
  store: myStore.nullable(),
  stores: z.array(myStore),
});
export type SellerSession = z.infer<typeof sellerSession>;

/** GET /api/admin/me: the signed-in seller, the session's store and the membership's permissions. */
export const sellerMe = z.object({
  user,
  store: myStore.nullable(),
  stores: z.array(myStore),
});
export type SellerMe = z.infer<typeof sellerMe>;

/** POST /api/admin/session/store */
export const chooseStoreBody = z.object({ storeId: uuid });

/** A collaborator or the owner, as listed at /admin/colaboradores. */
export const member = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: membershipRole,
  permissions: z.array(permission),
  createdAt: z.string(),
});
export type Member = z.infer<typeof member>;

export const pendingInvitation = z.object({
  id: z.string(),
  email: z.string(),
  permissions: z.array(permission),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

export const collaboratorsView = z.object({ members: z.array(member), invitations: z.array(pendingInvitation) });
export type CollaboratorsView = z.infer<typeof collaboratorsView>;

/** POST /api/admin/collaborators/invitations */
export const inviteBody = z.object({ email, permissions: permissionList });
export type InviteBody = z.infer<typeof inviteBody>;

/** PATCH /api/admin/collaborators/:userId */
export const permissionsBody = z.object({ permissions: permissionList });

/** GET /api/platform/invitations/:token */
export const invitationInfo = z.object({
  storeName: z.string(),
  email: z.string(),
  permissions: z.array(permission),
  /** Whether a platform account with that email exists (sign in) or not (create it). */
  hasAccount: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

/**
 * POST /api/platform/invitations/:token/accept: with a seller's bearer token of the invited email, or with the new
 * account's name and password (or the existing account's password).
 */
export const acceptInvitationBody = z.object({
  fullName: text({ min: 2, max: 120 }).optional(),
  password: text({ min: 1, max: PASSWORD_MAX_LENGTH, trim: false }).optional(),
});
/** The invitation page's form for an invitee without a platform account: name and a new password (server's rules). */
export const acceptInvitationNewAccount = z.object({ fullName: text({ min: 2, max: 120 }), password });
/** The invitation page's form for an invitee who already has an account: that account's password. */
export const acceptInvitationSignIn = z.object({
  password: text({ min: 1, max: PASSWORD_MAX_LENGTH, trim: false }),
});
export const invitationToken = text({ min: 20, max: 200 });
