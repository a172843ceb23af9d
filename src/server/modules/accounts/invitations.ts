/**
 * Collaborators of a store (/admin/colaboradores, owner only): invite by email with chosen permissions, change
 * permissions, revoke. The emailed link (mailed by a job) carries a token stored hashed (SHA-256), valid INVITATION_TTL_MS and
 * used once (one conditional UPDATE: of simultaneous accepts, one wins). Accepting signs the person in to the store,
 * creating their platform account when they have none. Removing a collaborator or taking any permission away revokes,
 * in the same transaction, their sessions and app tokens of the store (decision 092); adding permissions signs nobody
 * out.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { storeInvitations, storeMemberships, users } from '../../db/schema/accounts.js';
import { withTx, type BaseContext, type DbContext, type StoreContext } from '../../lib/context.js';
import { runTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/tokens.js';
import { deriveKey, loadAppSecret } from '../../lib/secrets.js';
import { enqueue } from '../../jobs/index.js';
import { translator } from '../../lib/i18n.js';
import { publicOrigin } from '../../lib/public-url.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { getStoreById } from '../stores/index.js';
import type {
  CollaboratorsView,
  InvitationInfo,
  InviteBody,
  Member,
  Permission,
  PendingInvitation,
  SellerSession,
} from '../../../shared/contracts/identity.js';
import { effectivePermissions } from './session-actor.js';
import { revokeStoreAccess } from './revocation.js';
import { hashPassword } from './password.js';
import { assertStrongPassword } from './password-strength.js';
import { checkSellerPassword, findSellerAccount, startSellerSession, type UserRow } from './accounts.service.js';

/** How long an invitation link works: 7 days (decision 038). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Members (owner first) and pending, unexpired invitations of the context's store. */
export async function listCollaborators(ctx: StoreContext): Promise<CollaboratorsView> {
  const rows = await ctx.db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      role: storeMemberships.role,
      permissions: storeMemberships.permissions,
      createdAt: storeMemberships.createdAt,
    })
    .from(storeMemberships)
    .innerJoin(users, eq(users.id, storeMemberships.userId))
    .where(eq(storeMemberships.storeId, ctx.storeId))
    .orderBy(sql`${storeMemberships.role} = 'owner' desc`, asc(storeMemberships.createdAt));
  const members: Member[] = rows.map((r) => ({
    ...r,
    role: r.role === 'owner' ? 'owner' : 'collaborator',
    permissions: effectivePermissions(r.role, r.permissions),
    createdAt: r.createdAt.toISOString(),
  }));
  const inv = await ctx.db
    .select()
    .from(storeInvitations)
    .where(
      and(
        eq(storeInvitations.storeId, ctx.storeId),
        isNull(storeInvitations.acceptedAt),
        isNull(storeInvitations.revokedAt),
        gt(storeInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(storeInvitations.createdAt));
  const invitations: PendingInvitation[] = inv.map((i) => ({
    id: i.id,
    email: i.email,
    permissions: effectivePermissions('collaborator', i.permissions),
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
  }));
  return { members, invitations };
}

/**
 * The token of invitation `id`'s link: a keyed hash of the id (HMAC with a key derived from APP_SECRET), so that the
 * job that mails it, on any instance and on every attempt, writes the same link without the raw token ever being
 * stored (the row keeps its SHA-256, as for random tokens; decision 170). Base64url, 43 characters.
 */
function invitationToken(config: BaseContext['config'], id: string): string {
  return createHmac('sha256', deriveKey(loadAppSecret(config), 'invitation-link'))
    .update(id)
    .digest('base64url');
}

/**
 * Invites `email` to collaborate with `permissions`: the invitation and the job that mails its link
 * ('invitation-email', in the request's language) are committed together, so the email is neither lost (the queue
 * retries it) nor sent for an invitation that does not exist. Throws ALREADY_MEMBER (409) when that email already is a
 * member of the store.
 */
export async function inviteCollaborator(ctx: StoreContext, input: InviteBody): Promise<PendingInvitation> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await ctx.db
    .select({ id: storeMemberships.id })
    .from(storeMemberships)
    .innerJoin(users, eq(users.id, storeMemberships.userId))
    .where(and(eq(storeMemberships.storeId, ctx.storeId), eq(users.email, email), eq(users.role, 'seller')))
    .limit(1);
  if (existing) throw new AppError('ALREADY_MEMBER');
  const id = randomUUID();
  const row = await runTransaction(ctx.db, async (tx) => {
    const [inserted] = await tx
      .insert(storeInvitations)
      .values({
        id,
        storeId: ctx.storeId,
        email,
        permissions: input.permissions,
        tokenHash: hashToken(invitationToken(ctx.config, id)),
        invitedBy: ctx.actor?.userId ?? null,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning();
    await enqueue(tx, 'invitation-email', { storeId: ctx.storeId, invitationId: id, locale: ctx.locale });
    return inserted!;
  });
  return {
    id: row.id,
    email,
    permissions: input.permissions,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Mails invitation `invitationId` of the context's store its link `<platform>/admin/invitacion/<token>` in `locale`, named
 * after the owner who invited. Runs as the job 'invitation-email': nothing is sent for an invitation accepted, revoked
 * or expired by then; a retry writes the same message (same token, same Message-ID through the job's mail provider).
 */
export async function sendInvitationEmail(
  ctx: Pick<BaseContext, 'db' | 'config' | 'providers'> & { storeId: string },
  invitationId: string,
  locale: 'es' | 'en',
): Promise<void> {
  const [inv] = await ctx.db
    .select({
      email: storeInvitations.email,
      expiresAt: storeInvitations.expiresAt,
      acceptedAt: storeInvitations.acceptedAt,
      revokedAt: storeInvitations.revokedAt,
      inviter: users.fullName,
    })
    .from(storeInvitations)
    .leftJoin(users, eq(users.id, storeInvitations.invitedBy))
    .where(and(eq(storeInvitations.id, invitationId), eq(storeInvitations.storeId, ctx.storeId)))
    .limit(1);
  if (!inv || inv.acceptedAt || inv.revokedAt || inv.expiresAt.getTime() <= Date.now()) return;
  const store = await getStoreById(ctx);
  const token = invitationToken(ctx.config, invitationId);
  const link = `${publicOrigin(ctx.config, ctx.config.PLATFORM_DOMAIN)}/admin/invitacion/${encodeURIComponent(token)}`;
  const t = translator(locale);
  await ctx.providers.mail.send({
    to: inv.email,
    subject: t('emails:invitation.subject', { store: store?.name ?? '' }),
    text: t('emails:invitation.text', {
      name: inv.inviter ?? '',
      store: store?.name ?? '',
      link,
      days: INVITATION_TTL_MS / 86_400_000,
    }),
  });
}

/** Cancels a pending invitation of the context's store. Throws INVITATION_INVALID when there is none with that id. */
export async function revokeInvitation(ctx: StoreContext, id: string): Promise<void> {
  const r = await ctx.db
    .update(storeInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(storeInvitations.id, id),
        eq(storeInvitations.storeId, ctx.storeId),
        isNull(storeInvitations.acceptedAt),
        isNull(storeInvitations.revokedAt),
      ),
    )
    .returning({ id: storeInvitations.id });
  if (!r.length) throw new AppError('INVITATION_INVALID');
}

/** The collaborator's membership row of the context's store, locked until the transaction ends. */
async function lockCollaboratorMembership(ctx: StoreContext, userId: string) {
  const [m] = await ctx.db
    .select()
    .from(storeMemberships)
    .where(and(eq(storeMemberships.storeId, ctx.storeId), eq(storeMemberships.userId, userId)))
    .limit(1)
    .for('update');
  if (!m) throw new AppError('MEMBER_NOT_FOUND');
  if (m.role === 'owner') throw new AppError('OWNER_CANNOT_CHANGE');
  return m;
}

/**
 * Replaces a collaborator's permissions. When any permission they had is gone, their sessions and app tokens of the
 * store are revoked in the same transaction (they sign in again with what is left); only added permissions count on
 * their next request without signing them out. Throws MEMBER_NOT_FOUND, OWNER_CANNOT_CHANGE.
 */
export async function setCollaboratorPermissions(
  ctx: StoreContext,
  userId: string,
  permissions: Permission[],
): Promise<Member> {
  return runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    const m = await lockCollaboratorMembership(txCtx, userId);
    const before = effectivePermissions(m.role, m.permissions);
    const after = effectivePermissions(m.role, permissions);
    await tx
      .update(storeMemberships)
      .set({ permissions: after, updatedAt: new Date() })
      .where(eq(storeMemberships.id, m.id));
    if (before.some((p) => !after.includes(p))) await revokeStoreAccess(txCtx, userId);
    const [u] = await tx
      .select({ fullName: users.fullName, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return {
      userId,
      fullName: u?.fullName ?? '',
      email: u?.email ?? '',
      role: 'collaborator',
      permissions: after,
      createdAt: m.createdAt.toISOString(),
    };
  });
}

/**
 * Removes a collaborator from the store and, in the same transaction, revokes their sessions and app tokens of it:
 * they lose access on their next request, on every instance. Throws MEMBER_NOT_FOUND, OWNER_CANNOT_CHANGE.
 */
export async function removeCollaborator(ctx: StoreContext, userId: string): Promise<void> {
  await runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    const m = await lockCollaboratorMembership(txCtx, userId);
    await tx.delete(storeMemberships).where(eq(storeMemberships.id, m.id));
    await revokeStoreAccess(txCtx, userId);
  });
}

async function validInvitation(ctx: DbContext, token: string) {
  const [i] = await ctx.db
    .select()
    .from(storeInvitations)
    .where(
      and(
        eq(storeInvitations.tokenHash, hashToken(token)),
        isNull(storeInvitations.acceptedAt),
        isNull(storeInvitations.revokedAt),
        gt(storeInvitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!i) throw new AppError('INVITATION_INVALID');
  return i;
}

/** What the invitation page shows. Throws INVITATION_INVALID (410) for an unknown, used, revoked or expired link. */
export async function getInvitation(ctx: DbContext, token: string): Promise<InvitationInfo> {
  const i = await validInvitation(ctx, token);
  const store = await getStoreById({ db: ctx.db, storeId: i.storeId });
  const account = await findSellerAccount(ctx, i.email);
  return {
    storeName: store?.name ?? '',
    email: i.email,
    permissions: effectivePermissions('collaborator', i.permissions),
    hasAccount: !!account,
  };
}

/**
 * Accepts an invitation: as the signed-in seller (whose email must be the invited one, else
 * INVITATION_EMAIL_MISMATCH), with the existing account's password (INVALID_CREDENTIALS), or creating the platform
 * account with `fullName` and a strong `password`. Uses the link once (INVITATION_INVALID after), adds the
 * membership (ALREADY_MEMBER) and signs the person in to the store.
 */
export async function acceptInvitation(
  ctx: BaseContext,
  token: string,
  input: { fullName?: string; password?: string },
): Promise<SellerSession> {
  const inv = await validInvitation(ctx, token);
  let account: UserRow | null = null;
  let newHash: string | null = null;
  if (ctx.actor && (ctx.actor.role === 'seller' || ctx.actor.role === 'owner' || ctx.actor.role === 'collaborator')) {
    if (ctx.actor.email !== inv.email) throw new AppError('INVITATION_EMAIL_MISMATCH', { email: inv.email });
    account = await findSellerAccount(ctx, inv.email);
  } else {
    account = await findSellerAccount(ctx, inv.email);
    if (account) await checkSellerPassword(account, input.password ?? '');
    else {
      if (!input.fullName || !input.password) throw new AppError('UNAUTHORIZED');
      assertStrongPassword(ctx.locale, input.password, [inv.email, input.fullName]);
      newHash = await hashPassword(input.password);
    }
  }
  let userId: string;
  try {
    userId = await ctx.db.transaction(async (tx) => {
      const used = await tx
        .update(storeInvitations)
        .set({ acceptedAt: new Date() })
        .where(
          and(
            eq(storeInvitations.id, inv.id),
            isNull(storeInvitations.acceptedAt),
            isNull(storeInvitations.revokedAt),
            gt(storeInvitations.expiresAt, new Date()),
          ),
        )
        .returning({ id: storeInvitations.id });
      if (!used.length) throw new AppError('INVITATION_INVALID');
      let id = account?.id;
      if (!id) {
        const [u] = await tx
          .insert(users)
          .values({
            storeId: null,
            role: 'seller',
            email: inv.email,
            passwordHash: newHash!,
            fullName: input.fullName!,
          })
          .returning({ id: users.id });
        id = u.id;
      }
      await tx
        .insert(storeMemberships)
        .values({ storeId: inv.storeId, userId: id, role: 'collaborator', permissions: inv.permissions });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'store_memberships_store_user_uq')) throw new AppError('ALREADY_MEMBER');
    if (isUniqueViolation(err, 'users_store_role_email_uq')) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return startSellerSession(ctx, row, inv.storeId);
}
