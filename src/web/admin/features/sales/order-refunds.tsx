/**
 * The refunds section of the seller's order page (refunds are records with amounts, partial allowed, made through
 * the provider and kept in the ledger; a refund the provider refuses can be retried; decision 067). Lists the order's
 * refunds
 * with amount and status, refunds part or all of what is refundable (the seller types pesos; the form sends integer
 * centavos, never more than refundable, after a confirmation), refunds units of one line (decision 147: each line
 * says whose money it comes from, the units are bounded by what is left, after a confirmation), and retries a refused
 * one.
 */
import '../../../lib/zod-csp';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import type { RefundableLine, RefundView } from '../../../../shared/contracts/balances';
import { orderRefundsQuery, useCreateRefund, useRetryRefund } from './api/refunds';

/** Pesos as typed ("150", "150.5", "1,234.50" is refused: digits and one decimal separator only) to centavos. */
export function pesosToCents(typed: string): number {
  const s = typed.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return NaN;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const centsToPesos = (c: number) => (c / 100).toFixed(2);

const formSchema = (maxCents: number) =>
  z.object({
    amount: z
      .string()
      .trim()
      .min(1, { message: 'errors.amountRequired' })
      .refine((v) => !Number.isNaN(pesosToCents(v)), { message: 'errors.amountInvalid' })
      .refine((v) => Number.isNaN(pesosToCents(v)) || pesosToCents(v) > 0, { message: 'errors.amountPositive' })
      .refine((v) => Number.isNaN(pesosToCents(v)) || pesosToCents(v) <= maxCents, {
        message: 'errors.amountTooHigh',
      }),
    reason: z.string().trim().max(200, { message: 'errors.reasonTooLong' }),
  });
type FormValues = z.infer<ReturnType<typeof formSchema>>;

function RefundOutcome({ refund }: { refund: RefundView }) {
  const { t } = useTranslation('refunds');
  const money = useMoney();
  const amount = money(refund.amountCents);
  if (refund.status === 'succeeded') return <Alert kind="success">{t('done', { amount })}</Alert>;
  if (refund.status === 'failed') return <Alert kind="warning">{t('refused', { amount })}</Alert>;
  return <Alert kind="info">{t('processingNote', { amount })}</Alert>;
}

/** Units of one line to refund: its words, a quantity bounded by what is left, and a confirmation before sending. */
function LineRefundRow({
  line,
  orderId,
  onResult,
}: {
  line: RefundableLine;
  orderId: string;
  onResult: (r: RefundView) => void;
}) {
  const { t } = useTranslation('refunds');
  const create = useCreateRefund(orderId);
  const left = line.quantity - line.refundedQuantity;
  const [typed, setTyped] = useState('1');
  const [confirming, setConfirming] = useState(false);
  const quantity = /^\d{1,5}$/.test(typed.trim()) ? Number(typed.trim()) : NaN;
  const invalid = !(quantity >= 1 && quantity <= left);
  const [touched, setTouched] = useState(false);
  const options = Object.values(line.options).join(' · ');
  const note =
    line.mode === 'store'
      ? t('lineFromStore')
      : line.mode === 'all' && line.fromSupplier
        ? t('lineBeforeShipping')
        : line.mode === 'none'
          ? t(left > 0 ? 'lineNotNow' : 'lineDone')
          : null;
  const send = () =>
    create.mutate(
      { orderItemId: line.id, quantity },
      {
        onSuccess: (r) => {
          onResult(r);
          setTyped('1');
          setTouched(false);
        },
        onSettled: () => setConfirming(false),
      },
    );
  return (
    <li className="refund-item stack">
      <div className="row refund-head">
        <strong>{line.name}</strong>
        <span className="small muted">{line.sku}</span>
      </div>
      {options && <div className="small muted">{options}</div>}
      <div className="small">{t('lineUnits', { quantity: line.quantity, refunded: line.refundedQuantity })}</div>
      {note && <div className="small muted">{note}</div>}
      {line.mode !== 'none' && left > 0 && (
        <div className="stack">
          {create.error && <Alert kind="error">{create.error.message}</Alert>}
          <TextField
            label={t('lineQuantity', { name: line.name })}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={touched && invalid ? t('errors.lineQuantity', { max: left }) : undefined}
          />
          {confirming ? (
            <div className="alert alert-warning stack" role="alertdialog" aria-label={t('lineConfirmLabel')}>
              <p>{t('lineConfirm', { count: quantity, name: line.name })}</p>
              <div className="row">
                <Button variant="danger" busy={create.isPending} onClick={send}>
                  {t('confirmYes')}
                </Button>
                <Button variant="secondary" disabled={create.isPending} onClick={() => setConfirming(false)}>
                  {t('confirmNo')}
                </Button>
              </div>
            </div>
          ) : (
            <div>
              <Button
                variant="secondary"
                aria-label={t('lineSubmitLabel', { name: line.name })}
                onClick={() => {
                  setTouched(true);
                  create.reset();
                  if (!invalid) setConfirming(true);
                }}
              >
                {t('lineSubmit')}
              </Button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

function RefundRow({
  refund,
  orderId,
  onResult,
  lineName,
}: {
  refund: RefundView;
  orderId: string;
  onResult: (r: RefundView) => void;
  lineName?: string;
}) {
  const { t, i18n } = useTranslation('refunds');
  const money = useMoney();
  const retry = useRetryRefund(orderId);
  const amount = money(refund.amountCents);
  const when = new Date(refund.createdAt).toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const failure = refund.failureCode
    ? t(`failureCodes.${refund.failureCode}`, { defaultValue: t('failureCodes.other', { code: refund.failureCode }) })
    : null;
  return (
    <li className="refund-item">
      <div className="row refund-head">
        <strong>{amount}</strong>
        <span className={`badge badge-refund-${refund.status}`}>{t(`status.${refund.status}`)}</span>
      </div>
      <div className="small muted">
        {when} · {t('attempts', { count: refund.attempts })}
      </div>
      {refund.quantity && lineName && (
        <div className="small">{t('refundOfLine', { count: refund.quantity, name: lineName })}</div>
      )}
      {refund.reason && <div className="small">{refund.reason}</div>}
      {refund.status === 'failed' && failure && <div className="small">{t('failure', { code: failure })}</div>}
      {refund.status === 'failed' && (
        <div className="stack">
          {retry.error && <Alert kind="error">{retry.error.message}</Alert>}
          <Button
            variant="secondary"
            busy={retry.isPending}
            aria-label={t('retryLabel', { amount })}
            onClick={() => retry.mutate(refund.id, { onSuccess: onResult })}
          >
            {t('retry')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The refunds card of order `orderId`; shown for card orders and for any order that has refunds. */
export function OrderRefunds({ orderId, paymentMethod }: { orderId: string; paymentMethod: string }) {
  const { t } = useTranslation('refunds');
  const money = useMoney();
  const list = useQuery(orderRefundsQuery(orderId));
  const create = useCreateRefund(orderId);
  const [confirming, setConfirming] = useState<{ amountCents: number; reason?: string } | null>(null);
  const [result, setResult] = useState<RefundView | null>(null);
  const max = list.data?.refundableCents ?? 0;
  // Units of a line can be refunded from payment on (decision 147), an amount only once the order left.
  const linesOpen = Boolean(list.data?.lines.some((l) => l.mode !== 'none'));
  const resolver = useMemo(() => zodResolver(formSchema(max)), [max]);
  const form = useForm<FormValues>({ resolver, defaultValues: { amount: '', reason: '' } });
  const errors = form.formState.errors;
  const errorText = (name: keyof FormValues) => {
    const key = errors[name]?.message;
    return key ? t(key, { max: money(max) }) : undefined;
  };

  if (paymentMethod === 'oxxo' && !list.data?.refunds.length) return null;

  const submit = form.handleSubmit((v) => {
    setResult(null);
    create.reset();
    setConfirming({ amountCents: pesosToCents(v.amount), reason: v.reason || undefined });
  });
  const send = () => {
    if (!confirming) return;
    create.mutate(confirming, {
      onSuccess: (r) => {
        setResult(r);
        form.reset({ amount: '', reason: '' });
      },
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <section className="card stack" aria-labelledby="refunds-title">
      <h2 id="refunds-title">{t('title')}</h2>
      <p className="small muted">{t('intro')}</p>
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <Alert kind="error">{list.error.message}</Alert>
      ) : (
        <>
          {result && <RefundOutcome refund={result} />}
          {create.error && <Alert kind="error">{create.error.message}</Alert>}
          {list.data.refunds.length === 0 ? (
            <p className="muted">{t('empty')}</p>
          ) : (
            <ul className="refund-list" aria-label={t('listLabel')}>
              {list.data.refunds.map((r) => (
                <RefundRow
                  key={r.id}
                  refund={r}
                  orderId={orderId}
                  onResult={setResult}
                  lineName={list.data.lines.find((l) => l.id === r.orderItemId)?.name}
                />
              ))}
            </ul>
          )}
          {max > 0 ? (
            <form className="stack refund-form" onSubmit={submit} noValidate aria-labelledby="refunds-title">
              <p className="refund-max">{t('refundable', { amount: money(max) })}</p>
              <TextField
                label={t('amount')}
                hint={t('amountHint')}
                inputMode="decimal"
                autoComplete="off"
                error={errorText('amount')}
                {...form.register('amount')}
              />
              <div>
                <Button
                  variant="secondary"
                  onClick={() => form.setValue('amount', centsToPesos(max), { shouldValidate: true })}
                >
                  {t('all', { amount: money(max) })}
                </Button>
              </div>
              <TextField
                label={t('reason')}
                hint={t('reasonHint')}
                maxLength={200}
                error={errorText('reason')}
                {...form.register('reason')}
              />
              {confirming ? (
                <div className="alert alert-warning stack" role="alertdialog" aria-labelledby="refund-q">
                  <p id="refund-q">{t('confirm', { amount: money(confirming.amountCents) })}</p>
                  <div className="row">
                    <Button variant="danger" busy={create.isPending} onClick={send}>
                      {t('confirmYes')}
                    </Button>
                    <Button variant="secondary" disabled={create.isPending} onClick={() => setConfirming(null)}>
                      {t('confirmNo')}
                    </Button>
                  </div>
                </div>
              ) : (
                <div>
                  <Button type="submit">{t('submit')}</Button>
                </div>
              )}
            </form>
          ) : (
            <p className="small muted">
              {t(linesOpen ? 'amountLater' : list.data.refunds.length ? 'nothingLeft' : 'notRefundable')}
            </p>
          )}
          {linesOpen && (
            <section className="stack" aria-labelledby="line-refunds-title">
              <h3 id="line-refunds-title">{t('linesTitle')}</h3>
              <p className="small muted">{t('linesIntro')}</p>
              <ul className="refund-list" aria-label={t('linesLabel')}>
                {list.data.lines.map((l) => (
                  <LineRefundRow key={l.id} line={l} orderId={orderId} onResult={setResult} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}
