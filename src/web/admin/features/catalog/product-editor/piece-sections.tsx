/** The piece's size and weight, and its technical data (label and value pairs). */
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/field';
import type { SectionProps } from './form';
import { Section } from './inputs';

/** The piece's size and weight, and its technical data (label and value pairs). */
export function PieceSections({ form, fieldError }: SectionProps) {
  const { t } = useTranslation('catalog');
  const { register, control } = form;
  const specs = useFieldArray({ control, name: 'specifications' });
  return (
    <>
      <Section id="piece" title={t('section.piece')}>
        {(['lengthCm', 'widthCm', 'heightCm', 'weightGrams'] as const).map((k) => (
          <TextField
            key={k}
            label={t(`field.${k}`)}
            type="number"
            min={1}
            inputMode="numeric"
            {...register(`dimensions.${k}`, { valueAsNumber: true })}
            error={fieldError(`dimensions.${k}`)}
          />
        ))}
      </Section>
      <Section id="specs" title={t('section.specs')}>
        {specs.fields.map((f, i) => (
          <div key={f.id} className="span-2 spec-row">
            <TextField
              label={t('field.specLabel')}
              {...register(`specifications.${i}.label`)}
              error={fieldError(`specifications.${i}.label`)}
            />
            <TextField
              label={t('field.specValue')}
              {...register(`specifications.${i}.value`)}
              error={fieldError(`specifications.${i}.value`)}
            />
            <Button variant="ghost" onClick={() => specs.remove(i)} aria-label={t('field.specRemoveN', { n: i + 1 })}>
              {t('field.specRemove')}
            </Button>
          </div>
        ))}
        <div className="span-2">
          <Button variant="secondary" onClick={() => specs.append({ label: '', value: '' })}>
            {t('field.specAdd')}
          </Button>
        </div>
      </Section>
    </>
  );
}
