/**
 * Fee rates per plan as the operator sets them (decisions 096, 164): basis points (350 = 3.5 %), changed and audited
 * in one transaction. New orders take the new rate; placed orders keep theirs.
 */
import type { DbContext } from '../../lib/context.js';
import { runTransaction } from '../../db/transaction.js';
import type { FeeRates } from '../../../shared/contracts/operator.js';
import { planFeeRates, setPlanFeeBps } from '../subscriptions/index.js';
import { recordAudit } from './audit-log.js';
import type { OperatorActor } from './operator-session.js';

/** Every plan's fee rate, basis points. */
export async function operatorFeeRates(ctx: DbContext): Promise<FeeRates> {
  return { rates: Object.entries(await planFeeRates(ctx)).map(([planId, bps]) => ({ planId, bps })) };
}

/** Sets plan `planId`'s fee rate to `bps` (0-3000, validated by the route) and audits it. Throws NOT_FOUND. */
export async function setFeeRateByOperator(
  ctx: DbContext,
  operator: OperatorActor,
  planId: string,
  bps: number,
): Promise<FeeRates> {
  await runTransaction(ctx.db, async (tx) => {
    const change = await setPlanFeeBps({ db: tx }, planId, bps);
    await recordAudit(
      { db: tx },
      { operator, action: 'fees.update', target: planId, before: { bps: change.before }, after: { bps: change.after } },
    );
  });
  return operatorFeeRates(ctx);
}
