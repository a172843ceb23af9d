/**
 * One upload field of an admin form: choose a file, see it checked at once, uploaded with a progress state,
 * then a preview (an image's 160 px size, or a document's name) with Change and Remove. The value is the stored
 * file's reference `{ id, url }` (FileRef), or null.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRef, FilePurpose } from '../../../../shared/contracts/files';
import { ApiError } from '../../../lib/api-client';
import { acceptFor, checkFile } from './check-file';
import { useUploadFile } from './api/upload-file';

interface FileFieldProps {
  label: string;
  purpose: FilePurpose;
  value: FileRef | null;
  onChange: (value: FileRef | null) => void;
  /** Extra hint under the label (the rule is always shown). */
  hint?: string;
  /** An error of the form for this field (a required field left empty). */
  error?: string;
  /** Whether the value is a document (PDF or image) rather than a picture to preview. */
  document?: boolean;
}

export function FileField({ label, purpose, value, onChange, hint, error, document: isDocument }: FileFieldProps) {
  const { t } = useTranslation(['files', 'errors']);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFile(purpose);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);

  async function onPick(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    const local = await checkFile(purpose, file);
    if (local) {
      setProblem(t(`errors:${local.code}`, local.params));
      return;
    }
    try {
      const stored = await upload.mutateAsync(file);
      setName(stored.originalName);
      onChange({ id: stored.id, url: stored.url });
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : t('files:uploadFailed'));
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  const shown = problem ?? error;
  const describedBy = [`${id}-rule`, shown ? `${id}-error` : ''].filter(Boolean).join(' ');
  const isPdf = value?.url.endsWith('.pdf') || value?.url.endsWith('/content');
  return (
    <div className="field file-field">
      <label htmlFor={id}>{label}</label>
      <span id={`${id}-rule`} className="field-hint">
        {hint ? `${hint} ` : ''}
        {t(`files:rule.${purpose}`)}
      </span>
      {value && (
        <div className="file-field-preview">
          {isDocument || isPdf ? (
            <span className="file-field-doc">📄 {name ?? t('files:documentUploaded')}</span>
          ) : (
            <img src={`${value.url}-160.webp`} alt={t('files:preview', { label })} width={80} height={80} />
          )}
        </div>
      )}
      <div className="file-field-actions">
        <input
          ref={input}
          id={id}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          accept={acceptFor(purpose)}
          aria-describedby={describedBy}
          aria-invalid={shown ? true : undefined}
          disabled={upload.isPending}
          onChange={(e) => void onPick(e.target.files?.[0])}
        />
        <button
          type="button"
          className="btn btn-secondary"
          aria-describedby={describedBy}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? t('files:uploading') : value ? t('files:change') : t('files:choose')}
        </button>
        {value && !upload.isPending && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              onChange(null);
              setName(null);
            }}
          >
            {t('files:remove')}
          </button>
        )}
        {upload.isPending && (
          <span role="status" className="file-field-progress">
            <span className="spinner" aria-hidden="true" /> {t('files:uploading')}
          </span>
        )}
      </div>
      {shown && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {shown}
        </span>
      )}
    </div>
  );
}
