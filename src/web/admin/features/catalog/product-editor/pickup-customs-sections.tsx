/** Pickup at the seller's place, the customs tariff code (with a search of the codes) and the product's visibility. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/ui/field';
import { hsCodesQuery } from '../api/products';
import type { SectionProps } from './form';
import { Section } from './inputs';

/** Pickup at the seller's place, the customs tariff code (with a search of the codes) and the product's visibility. */
export function PickupCustomsSections({ form, fieldError }: SectionProps) {
  const { t } = useTranslation('catalog');
  const { register, control, setValue } = form;
  const pickup = useWatch({ control, name: 'pickup.available' });
  const [hsQuery, setHsQuery] = useState('');
  const hs = useQuery(hsCodesQuery(hsQuery));
  return (
    <>
      <Section id="pickup" title={t('section.pickup')}>
        <label className="check span-2">
          <input type="checkbox" {...register('pickup.available')} /> {t('field.pickupAvailable')}
        </label>
        {pickup && (
          <>
            <TextField
              label={t('field.pickupCountry')}
              maxLength={2}
              {...register('pickup.countryCode', { setValueAs: (v: string) => v.toUpperCase() })}
              error={fieldError('pickup.countryCode')}
            />
            <TextField
              label={t('field.pickupPostalCode')}
              {...register('pickup.postalCode')}
              error={fieldError('pickup.postalCode')}
            />
            <TextField
              className="span-2"
              label={t('field.pickupAddress')}
              {...register('pickup.address')}
              error={fieldError('pickup.address')}
            />
            <TextField
              className="span-2"
              label={t('field.pickupNotes')}
              {...register('pickup.notes')}
              error={fieldError('pickup.notes')}
            />
          </>
        )}
      </Section>
      <Section id="customs" title={t('section.customs')}>
        <TextField
          label={t('field.hsCode')}
          hint={t('field.hsCodeHint')}
          inputMode="numeric"
          maxLength={6}
          {...register('hsCode')}
          error={fieldError('hsCode')}
        />
        <div>
          <TextField
            label={t('field.hsSearch')}
            type="search"
            value={hsQuery}
            onChange={(e) => setHsQuery(e.target.value)}
          />
          {hs.data && hs.data.length > 0 && (
            <ul className="hs-results" aria-label={t('field.hsResults')}>
              {hs.data.map((c) => (
                <li key={c.code}>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => setValue('hsCode', c.code, { shouldDirty: true, shouldValidate: true })}
                  >
                    <strong>{c.code}</strong> {c.description}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {hs.data?.length === 0 && <p className="small muted">{t('field.hsNone')}</p>}
        </div>
      </Section>
      <Section id="visibility" title={t('section.visibility')}>
        <label className="check span-2">
          <input type="checkbox" {...register('visible')} /> {t('field.visible')}
        </label>
      </Section>
    </>
  );
}
