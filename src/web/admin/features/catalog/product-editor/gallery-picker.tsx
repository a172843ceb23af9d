/** The product gallery's picker: several photos at once, each checked in the browser, then uploaded. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { acceptFor, checkFile, uploadFile } from '../../../shared/files';

/** The gallery's picker: several photos at once, each checked in the browser, then uploaded as product_photo. */
export function GalleryPicker({ onUploaded }: { onUploaded: (f: { fileId: string; url: string }) => void }) {
  const { t } = useTranslation(['catalog', 'errors', 'files']);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>{t('photos.gallery')}</label>
      <span id={`${id}-rule`} className="field-hint">
        {t('photos.rules')}
      </span>
      <input
        id={id}
        type="file"
        accept={acceptFor('product_photo')}
        multiple
        data-testid="gallery-input"
        aria-describedby={`${id}-rule${problem ? ` ${id}-error` : ''}`}
        onChange={async (e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          setProblem(null);
          setBusy(true);
          try {
            for (const file of files) {
              const local = await checkFile('product_photo', file);
              if (local) {
                setProblem(`${file.name}: ${t(`errors:${local.code}`, local.params)}`);
                continue;
              }
              const stored = await uploadFile('product_photo', file).catch((err: unknown) => {
                setProblem(`${file.name}: ${err instanceof ApiError ? err.message : t('files:uploadFailed')}`);
                return null;
              });
              if (stored) onUploaded({ fileId: stored.id, url: stored.url });
            }
          } finally {
            setBusy(false);
          }
        }}
      />
      {busy && (
        <span className="small" role="status">
          {t('photos.uploading')}
        </span>
      )}
      {problem && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
