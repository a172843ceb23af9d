/**
 * The platform operator's account (decision 163): a `users` row with role 'operator' and no store. It is created at
 * first start in development and the demo (printed with the demo accounts), and in production only by
 * `npm run operator:create`, which prints a generated password once: never a default password. Its sessions are the
 * operator module's (a token audience of their own); this file only creates the account and checks its password.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.js';
import type { DbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { dummyHash, verifyPassword } from './password.js';
import { createUser } from './accounts.service.js';

/** The operator as the operator area sees it. */
export interface OperatorAccount {
  id: string;
  email: string;
  fullName: string;
}

/** Whether any operator account exists. */
export async function hasOperatorAccount(ctx: DbContext): Promise<boolean> {
  const [r] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'operator')).limit(1);
  return Boolean(r);
}

/** A generated password: 18 random bytes, base64url (24 characters), strong whatever the strength check says. */
export function generatedPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Creates an operator account with `email` and `password` (checked for strength unless `checkStrength` is false: the
 * demo's published password). Throws EMAIL_TAKEN (409) when an operator already has that email.
 */
export async function createOperatorAccount(
  ctx: DbContext,
  input: { email: string; password: string; fullName?: string; checkStrength?: boolean },
): Promise<OperatorAccount> {
  const u = await createUser(ctx, {
    storeId: null,
    role: 'operator',
    email: input.email,
    password: input.password,
    fullName: input.fullName ?? 'Operador de Vitrina',
    checkStrength: input.checkStrength,
    emailVerified: true,
  });
  return { id: u.id, email: u.email, fullName: u.fullName };
}

/** The operator account with `email` and `password`, in constant time like every sign-in. Throws INVALID_CREDENTIALS. */
export async function checkOperatorCredentials(
  ctx: DbContext,
  email: string,
  password: string,
): Promise<OperatorAccount> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'operator'), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  const ok = await verifyPassword(password, u?.passwordHash ?? (await dummyHash()));
  if (!u || !ok) throw new AppError('INVALID_CREDENTIALS');
  return { id: u.id, email: u.email, fullName: u.fullName };
}

/** The operator account `userId`, or null when it is gone or is not an operator's. */
export async function findOperatorAccount(ctx: DbContext, userId: string): Promise<OperatorAccount | null> {
  const [u] = await ctx.db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'operator')))
    .limit(1);
  return u ?? null;
}
