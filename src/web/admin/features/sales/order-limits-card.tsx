/**
 * The "unpaid orders" card of /admin/ventas (decision 097): how many pieces one line, one unpaid order and one client
 * may hold, and how long a card order holds its stock until its payment is confirmed. Closed by default; checked with
 * the shared `orderLimitsInput` (the server checks again; changing them needs the settings permission).
 */
import '../../../lib/zod-csp';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  orderLimitsInput,
  type OrderLimits,
  type OrderLimitsFormValues,
  type OrderLimitsInput,
} from '../../../../shared/contracts/order-limits';
import { CLIENT_ADDRESS_UNITS_FACTOR, ORDER_LIMIT_RANGES } from '../../../../shared/limits';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { orderLimitsQuery, useSaveOrderLimits } from './api/order-limits';

const FIELDS = ['maxUnitsPerLine', 'maxUnitsPerOrder', 'maxHeldUnitsPerClient', 'cardHoldMinutes'] as const;

export function OrderLimitsCard() {
  const { t } = useTranslation('admin');
  const q = useQuery(orderLimitsQuery());
  return (
    <details className="card order-limits">
      <summary>
        <strong>{t('orderLimits.title')}</strong>
      </summary>
      <p className="small muted">{t('orderLimits.intro')}</p>
      {q.data ? <OrderLimitsForm limits={q.data} /> : q.error ? <Alert kind="error">{q.error.message}</Alert> : null}
    </details>
  );
}

function OrderLimitsForm({ limits }: { limits: OrderLimits }) {
  const { t } = useTranslation('admin');
  const save = useSaveOrderLimits();
  const form = useForm<OrderLimitsFormValues, unknown, OrderLimitsInput>({
    resolver: zodResolver(orderLimitsInput, formSchemaOptions),
    defaultValues: limits,
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit((values) =>
    save.mutate(values, { onError: (e) => setServerFieldErrors(e, form.setError) }),
  );
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {save.isSuccess && <Alert kind="success">{t('orderLimits.saved')}</Alert>}
      {save.isError && !(save.error instanceof ApiError && save.error.fields.length) && (
        <Alert kind="error">{save.error.message}</Alert>
      )}
      <div className="order-limits-fields">
        {FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(`orderLimits.${f}`)}
            hint={t(`orderLimits.${f}Hint`, { factor: CLIENT_ADDRESS_UNITS_FACTOR })}
            type="number"
            inputMode="numeric"
            min={ORDER_LIMIT_RANGES[f].min}
            max={ORDER_LIMIT_RANGES[f].max}
            step={1}
            error={fieldError(f)}
            {...form.register(f, { valueAsNumber: true })}
          />
        ))}
      </div>
      <div>
        <Button type="submit" busy={save.isPending}>
          {t('orderLimits.save')}
        </Button>
      </div>
    </form>
  );
}
