/** The frame of each company form: a titled card with its own Save button, success and error states. */
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

export function SectionForm({
  id,
  title,
  onSubmit,
  busy,
  error,
  saved,
  children,
}: {
  id: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  error: string | null;
  saved: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('company');
  return (
    <form className="card stack company-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {error && <Alert kind="error">{error}</Alert>}
      {saved && !error && <Alert kind="success">{t('saved')}</Alert>}
      <div className="row">
        <Button type="submit" busy={busy}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

/** `''` from an empty input or select → null; numbers parsed (for number inputs). */
export const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
export const toNumberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
