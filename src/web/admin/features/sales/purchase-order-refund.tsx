/**
 * A supplier refunds units of one line of its purchase order (decision 147: a unit it cannot ship, or a return):
 * how many (bounded by what is left of the line), an optional reason, then a confirmation that says what it gives
 * back at wholesale price (units × wholesale; with the package's shipping when the last units go before it ships,
 * which cancels the package) and what happens to the units. The buyer is refunded what they paid for them and told by
 * email; the supplier never sees that amount (it is the reseller's retail price). The server decides what is allowed
 * and answers the purchase order as it is now.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useMoney } from '../../../components/ui/price';
import type { PurchaseOrderView } from '../../../../shared/contracts/packages';
import { useRefundPurchaseOrderLine } from './api/purchase-orders';

type Line = PurchaseOrderView['lines'][number];

/** Statuses of a purchase order whose lines may be refunded by the supplier. */
const OPEN = ['paid', 'ready_to_ship', 'on_the_way', 'delivered'];
/** Before these the units have not left: they go back to stock, and the last ones cancel the package. */
const NOT_SHIPPED = ['paid', 'ready_to_ship'];

export function PurchaseOrderLineRefund({ po, line }: { po: PurchaseOrderView; line: Line }) {
  const { t } = useTranslation('admin');
  const money = useMoney();
  const ids = useId();
  const refund = useRefundPurchaseOrderLine(po.id);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('1');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState<{ count: number; amount: string } | null>(null);
  if (!OPEN.includes(po.status) || line.quantity < 1)
    return done ? (
      <Alert kind="success">{t('purchaseOrders.refund.done', { count: done.count, amount: done.amount })}</Alert>
    ) : null;
  const units = /^\d{1,5}$/.test(typed.trim()) ? Number(typed.trim()) : NaN;
  const invalid = !(units >= 1 && units <= line.quantity);
  const beforeShipping = NOT_SHIPPED.includes(po.status);
  const last = beforeShipping && units === po.units;
  const wholesale = Number.isNaN(units) ? 0 : units * line.wholesaleUnitCents;
  const send = () =>
    refund.mutate(
      { orderItemId: line.id, quantity: units, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          setDone({ count: units, amount: money(wholesale + (last ? po.shippingCents : 0)) });
          setOpen(false);
          setTyped('1');
          setReason('');
          setTouched(false);
        },
      },
    );
  const close = () => {
    setOpen(false);
    setTouched(false);
    refund.reset();
  };
  return (
    <div className="stack">
      {done && (
        <Alert kind="success">{t('purchaseOrders.refund.done', { count: done.count, amount: done.amount })}</Alert>
      )}
      {!open ? (
        <div>
          <Button
            variant="secondary"
            aria-label={t('purchaseOrders.refund.openLabel', { name: line.name })}
            onClick={() => {
              setDone(null);
              refund.reset();
              setOpen(true);
            }}
          >
            {t('purchaseOrders.refund.open')}
          </Button>
        </div>
      ) : (
        <div className="alert alert-warning stack" role="alertdialog" aria-labelledby={`${ids}-q`}>
          <p id={`${ids}-q`}>
            <strong>{t('purchaseOrders.refund.title', { name: line.name })}</strong>
          </p>
          <TextField
            label={t('purchaseOrders.refund.quantity', { max: line.quantity })}
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            value={typed}
            onChange={(e) => {
              setTouched(true);
              setTyped(e.target.value);
            }}
            error={touched && invalid ? t('purchaseOrders.refund.quantityError', { max: line.quantity }) : undefined}
          />
          <TextField
            label={t('purchaseOrders.refund.reason')}
            hint={t('purchaseOrders.refund.reasonHint')}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
          {!invalid && (
            <div className="stack" data-testid="po-refund-summary">
              <p>
                {t('purchaseOrders.refund.confirm', {
                  count: units,
                  name: line.name,
                  amount: money(wholesale),
                  unit: money(line.wholesaleUnitCents),
                })}
              </p>
              <p className="small">
                {t(beforeShipping ? 'purchaseOrders.refund.toStock' : 'purchaseOrders.refund.shipped')}
              </p>
              {last && (
                <p className="small">
                  <strong>{t('purchaseOrders.refund.last', { shipping: money(po.shippingCents) })}</strong>
                </p>
              )}
              <p className="small">{t('purchaseOrders.refund.buyer')}</p>
            </div>
          )}
          {refund.error && <Alert kind="error">{refund.error.message}</Alert>}
          <div className="row">
            <Button
              variant="danger"
              busy={refund.isPending}
              onClick={() => {
                setTouched(true);
                if (!invalid) send();
              }}
            >
              {t('purchaseOrders.refund.yes', { amount: money(wholesale + (last ? po.shippingCents : 0)) })}
            </Button>
            <Button variant="secondary" disabled={refund.isPending} onClick={close}>
              {t('purchaseOrders.refund.no')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
