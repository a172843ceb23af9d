/**
 * /admin/mi-tienda: store name, language, support phone and email, main menu name, about-us text and the
 * website switch (deactivated: the storefront shows the under-construction page and takes no orders).
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { SelectField, TextField } from '../../../components/ui/field';
import { storeInfoBody, type StoreInfoBody } from '../../../../shared/contracts/website';
import { useSaveStoreInfo, webConfigsQuery } from './api/webconfigs';
import { LoadError } from './load-error';

export function MyStorePage() {
  const { t } = useTranslation('website');
  const q = useQuery(webConfigsQuery);
  if (q.isPending) return <Loading />;
  if (!q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return <MyStoreForm initial={q.data.info} storeUrl={q.data.storeUrl} title={t('myStore.title')} />;
}

function MyStoreForm({ initial, storeUrl, title }: { initial: StoreInfoBody; storeUrl: string; title: string }) {
  const { t } = useTranslation('website');
  const save = useSaveStoreInfo();
  const form = useForm<StoreInfoBody>({
    resolver: zodResolver(storeInfoBody, formSchemaOptions),
    defaultValues: initial,
  });
  const fieldError = useFieldErrors(form.formState.errors);
  useEffect(() => form.reset(initial), [initial, form]);
  const active = form.watch('websiteActive');
  const submit = form.handleSubmit((body) =>
    save.mutate(body, { onError: (err) => setServerFieldErrors(err, form.setError) }),
  );
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className="row">
        <h1>{title}</h1>
        <span className="spacer" />
        <a className="btn btn-secondary" href={storeUrl} target="_blank" rel="noopener noreferrer">
          {t('viewStore')}
        </a>
      </div>
      <p className="muted">{t('myStore.intro')}</p>
      {save.isSuccess && !form.formState.isDirty && <Alert kind="success">{t('saved')}</Alert>}
      {save.error && <Alert kind="error">{save.error.message}</Alert>}
      <section className="card stack">
        <div className="form-grid">
          <TextField label={t('myStore.name')} {...form.register('name')} error={fieldError('name')} />
          <SelectField label={t('myStore.lang')} {...form.register('lang')} error={fieldError('lang')}>
            <option value="es">{t('myStore.langEs')}</option>
            <option value="en">{t('myStore.langEn')}</option>
          </SelectField>
          <TextField
            label={t('myStore.phone')}
            type="tel"
            autoComplete="tel"
            hint={t('myStore.phoneHint')}
            {...form.register('supportPhone')}
            error={fieldError('supportPhone')}
          />
          <TextField
            label={t('myStore.email')}
            type="email"
            autoComplete="email"
            {...form.register('supportEmail')}
            error={fieldError('supportEmail')}
          />
          <TextField
            label={t('myStore.menuName')}
            hint={t('myStore.menuHint')}
            {...form.register('menuName')}
            error={fieldError('menuName')}
          />
        </div>
        <div className="field">
          <label htmlFor="about-us">{t('myStore.aboutUs')}</label>
          <textarea
            id="about-us"
            rows={5}
            maxLength={2000}
            aria-invalid={fieldError('aboutUs') ? true : undefined}
            {...form.register('aboutUs')}
          />
          <span className="field-hint">{(form.watch('aboutUs') ?? '').length} / 2000</span>
          {fieldError('aboutUs') && <span className="field-error">{fieldError('aboutUs')}</span>}
        </div>
      </section>
      <section className="card stack" aria-labelledby="website-switch">
        <h2 id="website-switch">{t('myStore.websiteTitle')}</h2>
        <label className="row switch-row">
          <input type="checkbox" role="switch" {...form.register('websiteActive')} />
          <span>{t('myStore.websiteActive')}</span>
        </label>
        <Alert kind={active ? 'success' : 'warning'}>{active ? t('myStore.websiteOn') : t('myStore.websiteOff')}</Alert>
      </section>
      <div className="row">
        <Button type="submit" busy={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
