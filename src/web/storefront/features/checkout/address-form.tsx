/**
 * The Mexican address form (SPEC §3 "Address"): typing the 5-digit postal code looks it up in SEPOMEX, fills state,
 * municipality and city, and offers its colonias; the phone is validated with libphonenumber-js (same zod schema as
 * the server). Guests also give an email.
 */
// First: the only form that parses with zod; set before the contracts below build their schemas (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api-client';
import { TextField, SelectField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { addressInput, type AddressInput, type PostalCodeLookup } from '../../../../shared/contracts/accounts';
import { email } from '../../../../shared/contracts/common';
import type { ShopAddress } from '../../../state/shop-store';

const guestSchema = addressInput.extend({ email });

export function AddressForm({
  initial,
  guest,
  busy,
  onSubmit,
}: {
  initial?: ShopAddress | null;
  guest: boolean;
  busy?: boolean;
  onSubmit: (value: AddressInput & { email?: string }) => void;
}) {
  const { t } = useTranslation('checkout');
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<AddressInput & { email?: string }>({
    resolver: zodResolver(guest ? guestSchema : addressInput) as never,
    defaultValues: { interiorNumber: '', city: '', deliveryInstructions: '', ...(initial ?? {}) } as never,
  });
  const cp = watch('postalCode');
  const [lookup, setLookup] = useState<PostalCodeLookup | null>(null);
  const [cpError, setCpError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);

  useEffect(() => {
    if (!/^\d{5}$/.test(cp ?? '')) {
      setLookup(null);
      return;
    }
    let cancelled = false;
    setLooking(true);
    api
      .get<PostalCodeLookup>(`/api/postal-codes/${cp}`, { redirectOn404: false })
      .then((r) => {
        if (cancelled) return;
        setLookup(r);
        setCpError(null);
        setValue('state', r.state, { shouldValidate: true });
        setValue('municipality', r.municipality, { shouldValidate: true });
        setValue('city', r.city ?? '');
        const current = watch('neighborhood');
        if (!r.neighborhoods.some((n) => n.name === current))
          setValue('neighborhood', r.neighborhoods.length === 1 ? r.neighborhoods[0].name : '');
      })
      .catch((e: ApiError) => {
        if (!cancelled) {
          setLookup(null);
          setCpError(e.message);
        }
      })
      .finally(() => {
        if (!cancelled) setLooking(false);
      });
    return () => {
      cancelled = true;
    };
  }, [cp, setValue, watch]);

  const err = (name: keyof (AddressInput & { email?: string })) => {
    const e = errors[name];
    if (!e) return undefined;
    const key =
      typeof e.message === 'string' && e.message.startsWith('i18n:')
        ? e.message.slice(5)
        : name === 'phone'
          ? 'invalid_phone'
          : e.type === 'too_small'
            ? 'required'
            : 'invalid';
    return t(`errors:fields.${key}`, { defaultValue: t('errors:fields.invalid') });
  };

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
        error={err('postalCode') ?? cpError ?? undefined}
        hint={looking ? t('address.lookingUp') : t('address.postalCodeHint')}
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
      <div className="full">
        <Button type="submit" busy={busy} block>
          {t('address.continue')}
        </Button>
      </div>
    </form>
  );
}
