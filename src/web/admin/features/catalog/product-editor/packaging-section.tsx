/**
 * The package: type, pieces, inner packaging, its size and weights (copied from the piece on request), volume and
 * photo.
 */
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextField } from '../../../../components/ui/field';
import { PACKAGING_TYPES, cubicMeters } from '../../../../../shared/contracts/catalog-admin';
import { FileField } from '../../../shared/files';
import type { SectionProps } from './form';
import { Section } from './inputs';

/**
 * The package: type, pieces, inner packaging, its size and weights (copied from the piece on request), volume and
 * photo.
 */
export function PackagingSection({ form, fieldError }: SectionProps) {
  const { t } = useTranslation('catalog');
  const { register, control, setValue, getValues, formState } = form;
  const pk = useWatch({ control, name: 'packaging' });
  return (
    <Section id="packaging" title={t('section.packaging')}>
      <SelectField
        label={t('field.packagingType')}
        {...register('packaging.type')}
        error={fieldError('packaging.type')}
      >
        {PACKAGING_TYPES.map((p) => (
          <option key={p} value={p}>
            {t(`packagingType.${p}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('field.piecesPerPackage')}
        type="number"
        min={1}
        {...register('packaging.piecesPerPackage', { valueAsNumber: true })}
        error={fieldError('packaging.piecesPerPackage')}
      />
      <TextField
        label={t('field.internalPackaging')}
        {...register('packaging.internalPackaging')}
        error={fieldError('packaging.internalPackaging')}
      />
      {/* The piece's own size is asked in its section above; these are the package's, each labelled as such. */}
      <p className="span-2 small muted">{t('field.packagingHint')}</p>
      <div className="span-2">
        <Button
          variant="secondary"
          onClick={() => {
            const d = getValues('dimensions');
            const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted };
            setValue('packaging.lengthCm', d.lengthCm, opts);
            setValue('packaging.widthCm', d.widthCm, opts);
            setValue('packaging.heightCm', d.heightCm, opts);
            setValue('packaging.grossWeightGrams', d.weightGrams, opts);
            setValue('packaging.netWeightGrams', d.weightGrams, opts);
          }}
        >
          {t('field.copyPiece')}
        </Button>
      </div>
      {(
        [
          ['lengthCm', 'packageLengthCm'],
          ['widthCm', 'packageWidthCm'],
          ['heightCm', 'packageHeightCm'],
          ['grossWeightGrams', 'grossWeightGrams'],
          ['netWeightGrams', 'netWeightGrams'],
        ] as const
      ).map(([k, label]) => (
        <TextField
          key={k}
          label={t(`field.${label}`)}
          type="number"
          min={1}
          inputMode="numeric"
          {...register(`packaging.${k}`, { valueAsNumber: true })}
          error={fieldError(`packaging.${k}`)}
        />
      ))}
      <p className="span-2" aria-live="polite">
        {t('field.cubicMeters')}:{' '}
        <strong data-testid="cubic-meters">
          {Number.isFinite(pk?.lengthCm) && Number.isFinite(pk?.widthCm) && Number.isFinite(pk?.heightCm)
            ? cubicMeters(pk!.lengthCm!, pk!.widthCm!, pk!.heightCm!).toFixed(6)
            : '—'}
        </strong>{' '}
        m³
      </p>
      <div className="span-2">
        <FileField
          label={t('field.packagingPhoto')}
          purpose="packaging_photo"
          value={pk?.photo ? { id: pk.photo.fileId, url: pk.photo.url } : null}
          onChange={(f) => setValue('packaging.photo', f ? { fileId: f.id, url: f.url } : null, { shouldDirty: true })}
        />
      </div>
    </Section>
  );
}
