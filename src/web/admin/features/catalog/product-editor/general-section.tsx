/** The product's general data: industry, department and category, name, texts, keywords, brand and origin. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../../components/ui/field';
import { INDUSTRIES } from '../../../../../shared/contracts/catalog-admin';
import { departmentsQuery } from '../api/products';
import type { SectionProps } from './form';
import { ListInput, Section, TextArea } from './inputs';

/** The product's general data: industry, department and category, name, texts, keywords, brand and origin. */
export function GeneralSection({ form, fieldError }: SectionProps) {
  const { t } = useTranslation('catalog');
  const { register, control } = form;
  const deps = useQuery(departmentsQuery());
  const name = useWatch({ control, name: 'name' });
  const department = useWatch({ control, name: 'department' });
  const categories = useMemo(
    () => deps.data?.find((d) => d.name.toLowerCase() === (department ?? '').toLowerCase())?.categories ?? [],
    [deps.data, department],
  );
  return (
    <Section id="general" title={t('section.general')}>
      <SelectField label={t('field.industry')} {...register('industry')} error={fieldError('industry')}>
        <option value="">{t('field.choose')}</option>
        {INDUSTRIES.map((i) => (
          <option key={i} value={i}>
            {t(`industry.${i}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('field.department')}
        list="dept-list"
        autoComplete="off"
        {...register('department')}
        error={fieldError('department')}
      />
      <datalist id="dept-list">
        {deps.data?.map((d) => (
          <option key={d.slug} value={d.name} />
        ))}
      </datalist>
      <TextField
        label={t('field.category')}
        list="cat-list"
        autoComplete="off"
        {...register('category')}
        error={fieldError('category')}
      />
      <datalist id="cat-list">
        {categories.map((c) => (
          <option key={c.slug} value={c.name} />
        ))}
      </datalist>
      <TextField
        className="span-2"
        label={t('field.name')}
        {...register('name')}
        error={fieldError('name')}
        hint={`${(name ?? '').length}/120`}
        maxLength={120}
      />
      <TextArea
        label={t('field.shortDescription')}
        {...register('shortDescription')}
        error={fieldError('shortDescription')}
        max={300}
        control={control}
        name="shortDescription"
      />
      <TextArea
        label={t('field.description')}
        {...register('description')}
        error={fieldError('description')}
        max={5000}
        control={control}
        name="description"
      />
      <TextArea
        label={t('field.usage')}
        {...register('usage')}
        error={fieldError('usage')}
        max={1000}
        control={control}
        name="usage"
      />
      <Controller
        control={control}
        name="keywords"
        render={({ field }) => (
          <ListInput
            label={t('field.keywords')}
            hint={t('field.keywordsHint')}
            value={field.value ?? []}
            onChange={field.onChange}
            error={fieldError('keywords')}
          />
        )}
      />
      <TextField label={t('field.brand')} {...register('brand')} error={fieldError('brand')} />
      <TextField
        label={t('field.origin')}
        hint={t('field.originHint')}
        maxLength={2}
        {...register('origin', { setValueAs: (v: string) => v.toUpperCase() })}
        error={fieldError('origin')}
      />
    </Section>
  );
}
