/**
 * Proof of delivery (/admin/entrega/:pedido_id; decision 048): the pieces delivered, who collected them and
 * their drawn signature (a PNG from signature_pad, checked with sharp), stored with the order in delivery_proofs, and
 * the order moved to delivered through the transition table. One proof per order: the order row is locked first, so
 * the same proof submitted many times at once records it once and every submit answers with that proof.
 */
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { deliveryProofs, orderItems } from '../../db/schema/orders.js';
import { runTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { withTx, type StoreContext, type StoreDbContext } from '../../lib/context.js';
import {
  SIGNATURE_MAX_BYTES,
  type DeliveryProofInput,
  type DeliveryProofView,
} from '../../../shared/contracts/balances.js';
import { enqueue } from '../../jobs/queue.js';
import { NOTIFIED_STATUSES } from './order-emails.js';
import { getOrderForBuyer } from './orders.service.js';
import { applyTransition, lockOrder } from './transitions.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG bytes of a data URL, or VALIDATION_FAILED (signature_invalid / signature_too_big) unless sharp reads a PNG. */
async function signatureBytes(dataUrl: string): Promise<Buffer> {
  const bad = (code: string) => new AppError('VALIDATION_FAILED', {}, [{ path: 'signature', code, message: '' }]);
  const buf = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (buf.length > SIGNATURE_MAX_BYTES) throw bad('signature_too_big');
  if (buf.length < PNG_MAGIC.length || !buf.subarray(0, 8).equals(PNG_MAGIC)) throw bad('signature_invalid');
  const meta = await sharp(buf, { limitInputPixels: 4_000_000 })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== 'png' || !meta.width || !meta.height || meta.width > 2000 || meta.height > 2000)
    throw bad('signature_invalid');
  return buf;
}

function toView(r: typeof deliveryProofs.$inferSelect): DeliveryProofView {
  return {
    piecesDelivered: r.piecesDelivered,
    collectorName: r.collectorName,
    signature: `data:image/png;base64,${r.signaturePng}`,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Records the proof of delivery of order `orderId` and marks it delivered (its pending money is released
 * BALANCE_RELEASE_DAYS later). Returns the proof; when the order already has one, returns that one unchanged.
 * Throws ORDER_NOT_FOUND, DELIVERY_NOT_ALLOWED (409: not on its way or ready for pickup), VALIDATION_FAILED
 * (signature not a PNG, or more pieces than the order has: piecesDelivered too_big).
 */
export async function recordDelivery(
  ctx: StoreContext,
  orderId: string,
  input: DeliveryProofInput,
): Promise<DeliveryProofView> {
  const png = await signatureBytes(input.signature);
  const { storeId } = ctx;
  return runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    const order = await lockOrder(txCtx, orderId);
    const [existing] = await tx
      .select()
      .from(deliveryProofs)
      .where(and(eq(deliveryProofs.storeId, storeId), eq(deliveryProofs.orderId, orderId)));
    if (existing) return toView(existing);
    if (order.status !== 'on_the_way' && order.status !== 'ready_for_pickup')
      throw new AppError('DELIVERY_NOT_ALLOWED');
    const [{ pieces }] = await tx
      .select({ pieces: sql<string>`coalesce(sum(${orderItems.quantity}), 0)` })
      .from(orderItems)
      .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, orderId)));
    const maximum = Number(pieces);
    if (input.piecesDelivered > maximum)
      throw new AppError('VALIDATION_FAILED', {}, [
        { path: 'piecesDelivered', code: 'too_big', message: '', params: { maximum } },
      ]);
    const [row] = await tx
      .insert(deliveryProofs)
      .values({
        storeId,
        orderId,
        piecesDelivered: input.piecesDelivered,
        collectorName: input.collectorName,
        signaturePng: png.toString('base64'),
        recordedBy: ctx.actor?.userId ?? null,
      })
      .returning();
    await applyTransition(txCtx, orderId, 'delivered', {
      actorId: ctx.actor?.userId,
      note: 'delivery_proof',
      releaseAfterSeconds: ctx.config.BALANCE_RELEASE_DAYS * 86_400,
    });
    if (NOTIFIED_STATUSES.includes('delivered'))
      await enqueue(tx, 'order-email', { storeId, orderId, kind: 'status', status: 'delivered' });
    return toView(row!);
  });
}

/** The proof of delivery of an order of the store, or null (the seller's order page). */
export async function getDeliveryProof(ctx: StoreDbContext, orderId: string): Promise<DeliveryProofView | null> {
  const { db, storeId } = ctx;
  const [r] = await db
    .select()
    .from(deliveryProofs)
    .where(and(eq(deliveryProofs.storeId, storeId), eq(deliveryProofs.orderId, orderId)));
  return r ? toView(r) : null;
}

/** The proof of delivery for the buyer: their own order, or with its view token (else ORDER_NOT_FOUND). */
export async function getDeliveryProofForBuyer(
  ctx: StoreContext,
  orderId: string,
  viewToken?: string,
): Promise<DeliveryProofView | null> {
  await getOrderForBuyer(ctx, orderId, viewToken);
  return getDeliveryProof(ctx, orderId);
}
