/**
 * The Mexican address form: typing the 5-digit postal code looks it up in SEPOMEX, fills state,
 * municipality and city, and offers its colonias; the phone is validated with libphonenumber-js (same zod schema as
 * the server). Guests also give an email. Shared by the checkout and the account's address book.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../lib/zod-csp';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formSchemaOptions, useFieldErrors } from '../../lib/forms';
import { TextField, SelectField } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { addressInput, type AddressInput } from '../../../shared/contracts/accounts';
import { email } from '../../../shared/contracts/common';
import type { ShopAddress } from '../../state/shop-store';
import { postalCodeQuery } from './api/get-postal-code';

const guestSchema = addressInput.extend({ email });
export type AddressFormValue = AddressInput & { email?: string };

export function AddressForm({
  initial,
  guest,
  busy,
  onSubmit,
  submitLabel,
  children,
}: {
  initial?: ShopAddress | null;
  guest: boolean;
  busy?: boolean;
  onSubmit: (value: AddressFormValue) => void;
  /** The submit button's text (the checkout's "Continue" when not given). */
  submitLabel?: string;
  /** Shown beside the submit button (the address book's "Cancel"). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<AddressFormValue>({
    resolver: zodResolver(guest ? guestSchema : addressInput, formSchemaOptions) as never,
    defaultValues: { interiorNumber: '', city: '', deliveryInstructions: '', ...(initial ?? {}) } as never,
  });
  const err = useFieldErrors(errors);
  const cp = watch('postalCode') ?? '';
  const postal = useQuery(postalCodeQuery(cp));
  const lookup = postal.isEnabled && postal.isSuccess ? postal.data : null;
  const cpError = postal.isEnabled && postal.isError ? postal.error.message : undefined;

  // A postal code found fills state, municipality and city, and keeps the colonia only when it belongs to it.
  useEffect(() => {
    if (!lookup) return;
    setValue('state', lookup.state, { shouldValidate: true });
    setValue('municipality', lookup.municipality, { shouldValidate: true });
    setValue('city', lookup.city ?? '');
    const current = getValues('neighborhood');
    if (!lookup.neighborhoods.some((n) => n.name === current))
      setValue('neighborhood', lookup.neighborhoods.length === 1 ? lookup.neighborhoods[0].name : '');
  }, [lookup, setValue, getValues]);

  return (
    <form className="form-grid two" noValidate onSubmit={handleSubmit((v) => onSubmit(v))}>
      {guest && (
        <TextField
          className="full"
          label={t('address.email')}
          type="email"
          autoComplete="email"
          {...register('email')}
          error={err('email')}
          hint={t('address.emailHint')}
        />
      )}
      <TextField
        className="full"
        label={t('address.fullName')}
        autoComplete="name"
        {...register('fullName')}
        error={err('fullName')}
      />
      <TextField
        label={t('address.postalCode')}
        inputMode="numeric"
        maxLength={5}
        autoComplete="postal-code"
        {...register('postalCode')}
        error={err('postalCode') ?? cpError}
        hint={postal.isFetching ? t('address.lookingUp') : t('address.postalCodeHint')}
      />
      <SelectField
        label={t('address.neighborhood')}
        {...register('neighborhood')}
        error={err('neighborhood')}
        disabled={!lookup}
      >
        <option value="">{lookup ? t('address.chooseNeighborhood') : t('address.enterPostalCodeFirst')}</option>
        {lookup?.neighborhoods.map((n) => (
          <option key={`${n.type}-${n.name}`} value={n.name}>
            {n.name} ({n.type})
          </option>
        ))}
      </SelectField>
      <TextField label={t('address.state')} readOnly {...register('state')} error={err('state')} />
      <TextField label={t('address.municipality')} readOnly {...register('municipality')} error={err('municipality')} />
      <TextField
        className="full"
        label={t('address.street')}
        autoComplete="address-line1"
        {...register('street')}
        error={err('street')}
      />
      <TextField label={t('address.exteriorNumber')} {...register('exteriorNumber')} error={err('exteriorNumber')} />
      <TextField label={t('address.interiorNumber')} {...register('interiorNumber')} error={err('interiorNumber')} />
      <TextField
        label={t('address.phone')}
        type="tel"
        autoComplete="tel"
        {...register('phone')}
        error={err('phone')}
        hint={t('address.phoneHint')}
      />
      <TextField label={t('address.city')} {...register('city')} error={err('city')} />
      <TextField
        className="full"
        label={t('address.instructions')}
        {...register('deliveryInstructions')}
        error={err('deliveryInstructions')}
      />
      <div className={children ? 'full row' : 'full'}>
        <Button type="submit" busy={busy} block={!children}>
          {submitLabel ?? t('address.continue')}
        </Button>
        {children}
      </div>
    </form>
  );
}
