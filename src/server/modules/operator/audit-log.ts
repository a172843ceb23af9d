/**
 * The operator's audit log (decision 164): every operator action is one row written in the action's own transaction
 * (who, what, when, on which store, before and after as JSON), so an action and its row commit together or not at
 * all. Nothing changes or deletes a row: there is no such route, and a trigger refuses UPDATE, DELETE and TRUNCATE
 * on PGlite and PostgreSQL alike.
 */
import { count, desc } from 'drizzle-orm';
import { operatorAuditLog } from '../../db/schema/operator.js';
import type { DbContext } from '../../lib/context.js';
import type { AuditEntry } from '../../../shared/contracts/operator.js';

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** One action to record. `before`/`after`: the state it changed (JSON-serialisable), null when there was none. */
export interface AuditRecord {
  operator: { id: string; email: string };
  action: string;
  storeId?: string | null;
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Appends one row to the audit log (inside the caller's transaction). */
export async function recordAudit(ctx: DbContext, entry: AuditRecord): Promise<void> {
  await ctx.db.insert(operatorAuditLog).values({
    operatorId: entry.operator.id,
    operatorEmail: entry.operator.email,
    action: entry.action,
    storeId: entry.storeId ?? null,
    target: entry.target ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** One page of the audit log, newest first, and the number of rows. */
export async function listAudit(ctx: DbContext, page: number): Promise<{ entries: AuditEntry[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(operatorAuditLog)
      .orderBy(desc(operatorAuditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(operatorAuditLog),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      operatorEmail: r.operatorEmail,
      action: r.action,
      storeId: r.storeId,
      target: r.target,
      before: r.before,
      after: r.after,
    })),
    total: total?.n ?? 0,
  };
}
