/**
 * Attributes and variants: the values of each attribute, a photo per colour, and the grid of every combination with
 * its SKU, barcode, price and stock.
 */
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/ui/field';
import { ATTRIBUTE_KINDS } from '../../../../../shared/contracts/catalog-admin';
import { FileField } from '../../../shared/files';
import { comboKey, type SectionProps } from './form';
import { ListInput, PesosInput, Section } from './inputs';

/**
 * Attributes and variants: the values of each attribute, a photo per colour, and the grid of every combination with
 * its SKU, barcode, price and stock.
 */
export function VariantsSection({ form, fieldError }: SectionProps) {
  const { t } = useTranslation('catalog');
  const { register, control, setValue, getValues } = form;
  const attributes = useWatch({ control, name: 'attributes' });
  const colourPhotos = useWatch({ control, name: 'colourPhotos' }) ?? {};
  const variants = useWatch({ control, name: 'variants' }) ?? [];
  return (
    <Section id="variants" title={t('section.variants')}>
      <p className="small muted span-2">{t('variants.help')}</p>
      {ATTRIBUTE_KINDS.map((k) => (
        <Controller
          key={k}
          control={control}
          name={`attributes.${k}`}
          render={({ field }) => (
            <ListInput
              label={t(`attribute.${k}`)}
              hint={t('variants.valuesHint')}
              value={field.value ?? []}
              onChange={(v) => field.onChange(v.length ? v : undefined)}
              error={fieldError(`attributes.${k}`)}
              testId={`attribute-${k}`}
            />
          )}
        />
      ))}
      {(attributes?.color?.length ?? 0) > 0 && (
        <div className="span-2">
          <h3 className="editor-sub">{t('photos.perColour')}</h3>
          <ul className="photo-list">
            {attributes!.color!.map((c) => (
              <li key={c}>
                <FileField
                  label={t('photos.colourPhoto', { colour: c })}
                  purpose="colour_photo"
                  value={colourPhotos[c] ? { id: colourPhotos[c].fileId, url: colourPhotos[c].url } : null}
                  onChange={(f) => {
                    const next = { ...getValues('colourPhotos') };
                    if (f) next[c] = { fileId: f.id, url: f.url };
                    else delete next[c];
                    setValue('colourPhotos', next, { shouldDirty: true });
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="span-2 table-wrap">
        <table className="data-table variant-grid">
          <caption>{t('variants.grid', { count: variants.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('variants.variant')}</th>
              <th scope="col">{t('variants.sku')}</th>
              <th scope="col">{t('variants.barcode')}</th>
              <th scope="col">{t('variants.price')}</th>
              <th scope="col">{t('variants.stock')}</th>
            </tr>
          </thead>
          <tbody>
            {variants.map((v, i) => {
              const label =
                ATTRIBUTE_KINDS.map((k) => v.options?.[k])
                  .filter(Boolean)
                  .join(' / ') || t('variants.single');
              return (
                <tr key={comboKey(v.options)}>
                  <th scope="row">
                    {label}
                    {fieldError(`variants.${i}.options`) && (
                      <span className="field-error">{fieldError(`variants.${i}.options`)}</span>
                    )}
                  </th>
                  <td>
                    <TextField
                      className="label-hidden"
                      label={`${t('variants.sku')} ${label}`}
                      placeholder={t('variants.skuAuto')}
                      {...register(`variants.${i}.sku`)}
                      error={fieldError(`variants.${i}.sku`)}
                    />
                  </td>
                  <td>
                    <TextField
                      className="label-hidden"
                      label={`${t('variants.barcode')} ${label}`}
                      inputMode="numeric"
                      {...register(`variants.${i}.barcode`)}
                      error={fieldError(`variants.${i}.barcode`)}
                    />
                  </td>
                  <td>
                    <Controller
                      control={control}
                      name={`variants.${i}.priceCents`}
                      render={({ field }) => (
                        <PesosInput
                          hideLabel
                          label={`${t('variants.price')} ${label}`}
                          cents={field.value}
                          onChange={(c) => field.onChange(c ?? NaN)}
                          error={fieldError(`variants.${i}.priceCents`)}
                        />
                      )}
                    />
                  </td>
                  <td>
                    <TextField
                      className="label-hidden"
                      label={`${t('variants.stock')} ${label}`}
                      type="number"
                      min={0}
                      inputMode="numeric"
                      {...register(`variants.${i}.stock`, { valueAsNumber: true })}
                      error={fieldError(`variants.${i}.stock`)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {fieldError('variants') && <span className="field-error">{fieldError('variants')}</span>}
        <p className="small muted">{t('variants.skuAutoHint')}</p>
      </div>
    </Section>
  );
}
