/**
 * Create or edit one coupon. The seller types pesos; the form sends centavos and is checked by the same
 * `couponInput` schema the server uses, so the messages match.
 */
import '../../../lib/zod-csp';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { couponInput, type Coupon, type CouponInput } from '../../../../shared/contracts/coupons';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { SelectField, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { useSaveCoupon } from './api/coupons';

/** What the form holds: money in pesos as typed, empty strings for "no limit". */
interface CouponFormValues {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  minPurchaseCents: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  active: boolean;
}

const pesosToCents = (s: string) => (s.trim() === '' ? NaN : Math.round(Number(s.replace(',', '.')) * 100));
const centsToPesos = (c: number) => (c / 100).toFixed(2).replace(/\.00$/, '');

function toInput(v: CouponFormValues): Record<string, unknown> {
  return {
    code: v.code,
    kind: v.kind,
    value: v.kind === 'fixed' ? pesosToCents(v.value) : Number(v.value || NaN),
    minPurchaseCents: v.minPurchaseCents.trim() ? pesosToCents(v.minPurchaseCents) : 0,
    startsOn: v.startsOn || null,
    endsOn: v.endsOn || null,
    maxUses: v.maxUses.trim() ? Number(v.maxUses) : null,
    active: v.active,
  };
}

function toValues(c: Coupon | null): CouponFormValues {
  if (!c)
    return {
      code: '',
      kind: 'percent',
      value: '',
      minPurchaseCents: '',
      startsOn: '',
      endsOn: '',
      maxUses: '',
      active: true,
    };
  return {
    code: c.code,
    kind: c.kind,
    value: c.kind === 'fixed' ? centsToPesos(c.value) : String(c.value),
    minPurchaseCents: c.minPurchaseCents ? centsToPesos(c.minPurchaseCents) : '',
    startsOn: c.startsOn ?? '',
    endsOn: c.endsOn ?? '',
    maxUses: c.maxUses === null ? '' : String(c.maxUses),
    active: c.active,
  };
}

const schemaResolver = zodResolver(couponInput, formSchemaOptions);
/** Validates the form's pesos as the API's centavos with the shared schema; errors land on the same field names. */
const resolver: Resolver<CouponFormValues> = async (values, context, options) => {
  const r = await schemaResolver(toInput(values) as never, context, options as never);
  return (Object.keys(r.errors).length ? { values: {}, errors: r.errors } : { values, errors: {} }) as never;
};

export function CouponForm({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveCoupon(coupon?.id ?? null);
  const form = useForm<CouponFormValues>({ resolver, defaultValues: toValues(coupon) });
  const fieldError = useFieldErrors(form.formState.errors);
  const kind = form.watch('kind');

  const submit = form.handleSubmit((values) =>
    save.mutate(couponInput.parse(toInput(values)) as CouponInput, {
      onSuccess: onDone,
      onError: (e) => setServerFieldErrors(e, form.setError),
    }),
  );

  return (
    <form className="card stack coupon-form" onSubmit={submit} noValidate aria-labelledby="coupon-form-title">
      <h2 id="coupon-form-title">{coupon ? t('coupons.editTitle', { code: coupon.code }) : t('coupons.newTitle')}</h2>
      {save.isError && !(save.error instanceof ApiError && save.error.fields.length) && (
        <Alert kind="error">{save.error.message}</Alert>
      )}
      <div className="form-grid two">
        <TextField
          label={t('coupons.code')}
          hint={t('coupons.codeHint')}
          autoCapitalize="characters"
          maxLength={30}
          error={fieldError('code')}
          {...form.register('code')}
        />
        <SelectField label={t('coupons.kind')} error={fieldError('kind')} {...form.register('kind')}>
          <option value="percent">{t('coupons.kinds.percent')}</option>
          <option value="fixed">{t('coupons.kinds.fixed')}</option>
        </SelectField>
        <TextField
          label={kind === 'fixed' ? t('coupons.amount') : t('coupons.percent')}
          inputMode="decimal"
          error={fieldError('value')}
          {...form.register('value')}
        />
        <TextField
          label={t('coupons.minPurchase')}
          hint={t('coupons.minPurchaseHint')}
          inputMode="decimal"
          error={fieldError('minPurchaseCents')}
          {...form.register('minPurchaseCents')}
        />
        <TextField
          label={t('coupons.startsOn')}
          type="date"
          error={fieldError('startsOn')}
          {...form.register('startsOn')}
        />
        <TextField label={t('coupons.endsOn')} type="date" error={fieldError('endsOn')} {...form.register('endsOn')} />
        <TextField
          label={t('coupons.maxUses')}
          hint={t('coupons.maxUsesHint')}
          inputMode="numeric"
          error={fieldError('maxUses')}
          {...form.register('maxUses')}
        />
        <label className="checkbox">
          <input type="checkbox" {...form.register('active')} /> {t('coupons.active')}
        </label>
      </div>
      <p className="small muted">{t('coupons.neverShipping')}</p>
      <div className="toolbar">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('coupons.saving') : t('coupons.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('coupons.cancel')}
        </Button>
      </div>
    </form>
  );
}
