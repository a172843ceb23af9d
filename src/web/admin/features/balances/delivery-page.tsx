/**
 * /admin/entrega/:pedido_id: the seller records the proof of delivery — pieces delivered, the collector's
 * name and their signature drawn with signature_pad (mouse, finger or pen) — and the order becomes delivered.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { adminPaths } from '../../shared/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { deliveryProofInput, type DeliveryProofInput } from '../../../../shared/contracts/balances';
import { adminOrderQuery } from './api/order';
import { DeliveryProofCard } from '../../shared/delivery/delivery-proof-card';
import { useRecordDelivery } from '../../shared/delivery/delivery-api';
import { isForbidden, NoPermission } from '../../shared/no-permission';

export function DeliveryPage() {
  const { t } = useTranslation('balances');
  const { pedidoId = '' } = useParams();
  const order = useQuery(adminOrderQuery(pedidoId));
  const record = useRecordDelivery(pedidoId);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [signed, setSigned] = useState(false);
  const pieces = order.data?.items.reduce((n, i) => n + i.quantity, 0) ?? 1;
  const form = useForm<DeliveryProofInput>({
    resolver: zodResolver(deliveryProofInput, formSchemaOptions),
    defaultValues: { piecesDelivered: pieces, collectorName: '', signature: '' },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const due = order.data?.status === 'on_the_way' || order.data?.status === 'ready_for_pickup';

  useEffect(() => {
    if (order.data) form.setValue('piecesDelivered', pieces);
  }, [order.data, pieces, form]);

  useEffect(() => {
    const el = canvas.current;
    if (!el || !due) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    let width = 0;
    // Phones fire resize when the address bar hides on scroll: only a new width resizes the canvas, and the strokes
    // drawn so far are redrawn at the new size (the form keeps the same signature).
    const resize = () => {
      if (el.offsetWidth === width) return;
      width = el.offsetWidth;
      const strokes = pad.current?.toData() ?? [];
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      pad.current?.clear();
      if (strokes.length) pad.current?.fromData(strokes);
    };
    const p = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)', penColor: '#111' });
    pad.current = p;
    p.addEventListener('endStroke', () => {
      setSigned(!p.isEmpty());
      form.setValue('signature', p.isEmpty() ? '' : p.toDataURL('image/png'), { shouldValidate: true });
    });
    resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      p.off();
      pad.current = null;
    };
  }, [due, form]);

  const clear = () => {
    pad.current?.clear();
    setSigned(false);
    form.setValue('signature', '');
  };
  const submit = form.handleSubmit((body) =>
    record.mutate(body, { onError: (err) => setServerFieldErrors(err, form.setError) }),
  );

  if (order.isPending) return <Loading />;
  if (isForbidden(order.error)) return <NoPermission />;
  if (!order.data) return <Alert kind="error">{order.error?.message}</Alert>;
  const o = order.data;
  return (
    <div className="stack">
      <Link to={adminPaths.orderStatus(o.id)}>← {t('delivery.backToOrder', { folio: o.folio })}</Link>
      <h1>{t('delivery.title', { folio: o.folio })}</h1>
      {record.isSuccess && <Alert kind="success">{t('delivery.saved')}</Alert>}
      {!due && !record.isSuccess && o.status !== 'delivered' && (
        <Alert kind="info">{t('delivery.notDue', { status: t(`common:orderStatus.${o.status}`) })}</Alert>
      )}
      {due && !record.isSuccess ? (
        <form className="card stack" onSubmit={submit} noValidate aria-labelledby="delivery-form-title">
          <h2 id="delivery-form-title">{t('delivery.formTitle')}</h2>
          {record.error && <Alert kind="error">{record.error.message}</Alert>}
          <TextField
            label={t('delivery.pieces')}
            type="number"
            inputMode="numeric"
            min={1}
            max={pieces}
            hint={t('delivery.piecesHint', { count: pieces })}
            {...form.register('piecesDelivered', { valueAsNumber: true })}
            error={fieldError('piecesDelivered')}
          />
          <TextField
            label={t('delivery.collector')}
            autoComplete="off"
            {...form.register('collectorName')}
            error={fieldError('collectorName')}
          />
          <div className="field">
            <span id="signature-label">{t('delivery.signature')}</span>
            <canvas
              ref={canvas}
              className="signature-pad"
              role="img"
              aria-labelledby="signature-label"
              aria-describedby="signature-hint"
              data-testid="signature-pad"
            />
            <span id="signature-hint" className="field-hint">
              {t('delivery.signatureHint')}
            </span>
            {fieldError('signature') && <span className="field-error">{fieldError('signature')}</span>}
            <div className="row">
              <Button variant="secondary" onClick={clear} disabled={!signed}>
                {t('delivery.clear')}
              </Button>
            </div>
          </div>
          <Button type="submit" busy={record.isPending}>
            {t('delivery.submit')}
          </Button>
        </form>
      ) : (
        <DeliveryProofCard orderId={o.id} status={o.status} />
      )}
    </div>
  );
}
