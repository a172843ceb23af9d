/**
 * /admin/pickups (schedule and pickup location): how and when the carrier collects the store's
 * parcels, and where; buyers see the same place as the pickup branch. Checked with the shared `pickupSettingsInput`.
 */
import '../../../lib/zod-csp';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PICKUP_DAYS,
  PICKUP_EARLIEST,
  PICKUP_LATEST,
  pickupSettingsInput,
  type PickupSettings,
  type PickupSettingsFormValues,
  type PickupSettingsInput,
} from '../../../../shared/contracts/pickups';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/loading';
import { pickupsQuery, useSavePickups } from './api/pickups';
import { isForbidden, NoPermission } from '../../shared/no-permission';

const EMPTY: PickupSettingsFormValues = {
  pickupType: 'regular',
  days: [],
  hour: '10:00',
  location: {
    contact: { personName: '', companyName: '', phoneNumber: '' },
    address: { streetLines: ['', ''], city: '', postalCode: '', countryCode: 'MX' },
  },
};

export function PickupsPage() {
  const { t } = useTranslation('admin');
  const q = useQuery(pickupsQuery());
  if (q.isPending) return <Loading />;
  if (isForbidden(q.error)) return <NoPermission />;
  if (q.isError) return <Alert kind="error">{q.error.message}</Alert>;
  return (
    <div className="stack">
      <h1 style={{ margin: 0 }}>{t('pickups.title')}</h1>
      <p className="muted">{t('pickups.intro')}</p>
      <PickupsForm settings={q.data.settings} />
    </div>
  );
}

function PickupsForm({ settings }: { settings: PickupSettings | null }) {
  const { t } = useTranslation('admin');
  const save = useSavePickups();
  const form = useForm<PickupSettingsFormValues, unknown, PickupSettingsInput>({
    resolver: zodResolver(pickupSettingsInput, formSchemaOptions),
    defaultValues: settings ?? EMPTY,
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const type = form.watch('pickupType');
  const submit = form.handleSubmit((values) =>
    save.mutate(values, { onError: (e) => setServerFieldErrors(e, form.setError) }),
  );
  return (
    <form className="card stack" onSubmit={submit} noValidate>
      {save.isSuccess && <Alert kind="success">{t('pickups.saved')}</Alert>}
      {save.isError && !(save.error instanceof ApiError && save.error.fields.length) && (
        <Alert kind="error">{save.error.message}</Alert>
      )}
      <fieldset className="stack">
        <legend>{t('pickups.type')}</legend>
        {(['regular', 'on_call'] as const).map((v) => (
          <label key={v} className="radio-card">
            <input type="radio" value={v} {...form.register('pickupType')} />
            <span>
              <strong>{t(`pickups.types.${v}`)}</strong>
              <br />
              <span className="small muted">{t(`pickups.typeHints.${v}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {type === 'regular' && (
        <fieldset aria-describedby={fieldError('days') ? 'pickup-days-error' : undefined}>
          <legend>{t('pickups.days')}</legend>
          <div className="day-picks">
            {PICKUP_DAYS.map((d) => (
              <label key={d} className="checkbox">
                <input type="checkbox" value={d} {...form.register('days')} /> {t(`pickups.dayNames.${d}`)}
              </label>
            ))}
          </div>
          {fieldError('days') && (
            <span id="pickup-days-error" className="field-error" role="alert">
              {fieldError('days')}
            </span>
          )}
        </fieldset>
      )}
      <TextField
        label={t('pickups.hour')}
        hint={t('pickups.hourHint', { from: PICKUP_EARLIEST, to: PICKUP_LATEST })}
        type="time"
        min={PICKUP_EARLIEST}
        max={PICKUP_LATEST}
        error={fieldError('hour')}
        {...form.register('hour')}
      />
      <h2>{t('pickups.contact')}</h2>
      <div className="form-grid two">
        <TextField
          label={t('pickups.personName')}
          autoComplete="name"
          error={fieldError('location.contact.personName')}
          {...form.register('location.contact.personName')}
        />
        <TextField
          label={t('pickups.companyName')}
          autoComplete="organization"
          error={fieldError('location.contact.companyName')}
          {...form.register('location.contact.companyName')}
        />
        <TextField
          label={t('pickups.phoneNumber')}
          type="tel"
          autoComplete="tel"
          error={fieldError('location.contact.phoneNumber')}
          {...form.register('location.contact.phoneNumber')}
        />
      </div>
      <h2>{t('pickups.address')}</h2>
      <div className="form-grid two">
        <TextField
          label={t('pickups.street1')}
          autoComplete="address-line1"
          error={fieldError('location.address.streetLines.0')}
          {...form.register('location.address.streetLines.0')}
        />
        <TextField
          label={t('pickups.street2')}
          autoComplete="address-line2"
          error={fieldError('location.address.streetLines.1')}
          {...form.register('location.address.streetLines.1')}
        />
        <TextField
          label={t('pickups.city')}
          autoComplete="address-level2"
          error={fieldError('location.address.city')}
          {...form.register('location.address.city')}
        />
        <TextField
          label={t('pickups.postalCode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={fieldError('location.address.postalCode')}
          {...form.register('location.address.postalCode')}
        />
        <TextField label={t('pickups.country')} value={t('pickups.mexico')} readOnly />
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('pickups.saving') : t('pickups.save')}
        </Button>
      </div>
    </form>
  );
}
