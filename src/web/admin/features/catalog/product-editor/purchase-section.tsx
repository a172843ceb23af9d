/** How the product is bought: unit, quantities, delivery days, sample, payment options, protections and capacity. */
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/ui/field';
import { PAYMENT_OPTIONS, PROTECTIONS } from '../../../../../shared/contracts/catalog-admin';
import { intOrNull, type SectionProps } from './form';
import { PesosInput, Section } from './inputs';

/** How the product is bought: unit, quantities, delivery days, sample, payment options, protections and capacity. */
export function PurchaseSection({ form, fieldError }: SectionProps) {
  const { t } = useTranslation('catalog');
  const { register, control } = form;
  const sample = useWatch({ control, name: 'purchase.sample' });
  return (
    <Section id="purchase" title={t('section.purchase')}>
      <TextField
        label={t('field.unitOfSale')}
        hint={t('field.unitOfSaleHint')}
        {...register('purchase.unitOfSale')}
        error={fieldError('purchase.unitOfSale')}
      />
      <TextField
        label={t('field.minOrderQty')}
        type="number"
        min={1}
        {...register('purchase.minOrderQty', { valueAsNumber: true })}
        error={fieldError('purchase.minOrderQty')}
      />
      {(['quantityMin', 'quantityMax', 'deliveryDaysMin', 'deliveryDaysMax', 'monthlyCapacity'] as const).map((k) => (
        <TextField
          key={k}
          label={t(`field.${k}`)}
          type="number"
          min={0}
          {...register(`purchase.${k}`, { setValueAs: intOrNull })}
          error={fieldError(`purchase.${k}`)}
        />
      ))}
      <label className="check span-2">
        <input type="checkbox" {...register('purchase.sample')} /> {t('field.sample')}
      </label>
      {sample && (
        <Controller
          control={control}
          name="purchase.samplePriceCents"
          render={({ field }) => (
            <PesosInput
              label={t('field.samplePrice')}
              cents={field.value}
              onChange={field.onChange}
              error={fieldError('purchase.samplePriceCents')}
            />
          )}
        />
      )}
      <fieldset className="span-2 checks">
        <legend>{t('field.paymentOptions')}</legend>
        {PAYMENT_OPTIONS.map((o) => (
          <label key={o} className="check">
            <input type="checkbox" value={o} {...register('purchase.paymentOptions')} /> {t(`payment.${o}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="span-2 checks">
        <legend>{t('field.protections')}</legend>
        {PROTECTIONS.map((o) => (
          <label key={o} className="check">
            <input type="checkbox" value={o} {...register('purchase.protections')} /> {t(`protection.${o}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('field.customization')}
        {...register('purchase.customization')}
        error={fieldError('purchase.customization')}
      />
      <TextField
        label={t('field.containers')}
        {...register('purchase.containers')}
        error={fieldError('purchase.containers')}
      />
    </Section>
  );
}
