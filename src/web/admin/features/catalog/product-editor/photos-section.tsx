/** The product's gallery: photos uploaded in order, one of them the cover. */
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { ProductImage } from '../../../../components/ui/product-image';
import type { SectionProps } from './form';
import { Section } from './inputs';
import { GalleryPicker } from './gallery-picker';

/** The product's gallery: photos uploaded in order, one of them the cover. */
export function PhotosSection({ form, fieldError }: SectionProps) {
  const { t } = useTranslation('catalog');
  const { control, setValue, getValues } = form;
  const photos = useWatch({ control, name: 'photos' }) ?? [];
  const coverFileId = useWatch({ control, name: 'coverFileId' });
  return (
    <Section id="photos" title={t('section.photos')}>
      <div className="span-2">
        <GalleryPicker
          onUploaded={(f) => {
            const list = [...(getValues('photos') ?? []), f];
            setValue('photos', list, { shouldDirty: true });
            if (!getValues('coverFileId')) setValue('coverFileId', f.fileId, { shouldDirty: true });
          }}
        />
        {photos.length === 0 ? (
          <p className="small muted">{t('photos.none')}</p>
        ) : (
          <ul className="photo-list" aria-label={t('photos.gallery')}>
            {photos.map((p, i) => (
              <li key={p.fileId}>
                <ProductImage base={p.url} alt={t('photos.photoN', { n: i + 1 })} sizes="96px" />
                <label className="small">
                  <input
                    type="radio"
                    name="cover"
                    checked={coverFileId === p.fileId}
                    onChange={() => setValue('coverFileId', p.fileId, { shouldDirty: true })}
                  />{' '}
                  {t('photos.cover')}
                </label>
                <Button
                  variant="ghost"
                  aria-label={t('photos.removeN', { n: i + 1 })}
                  onClick={() => {
                    const list = photos.filter((x) => x.fileId !== p.fileId);
                    setValue('photos', list, { shouldDirty: true });
                    if (coverFileId === p.fileId) setValue('coverFileId', list[0]?.fileId ?? null);
                  }}
                >
                  {t('photos.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {fieldError('coverFileId') && <span className="field-error">{fieldError('coverFileId')}</span>}
      </div>
    </Section>
  );
}
