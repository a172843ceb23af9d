/**
 * /admin/website ("website settings" and "Carousel setup"): logo, icon, cart and verification icons, the
 * eight colours, the banner button, banners and carousel images, social URLs, with a live preview of the storefront.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/field';
import { storeLookBody, type StoreLookBody } from '../../../../shared/contracts/website';
import { useSaveStoreLook, webConfigsQuery } from './api/webconfigs';
import { ColorFields, ImageField, ImageListField, SocialFields, StorePreview } from './look-fields';
import { LoadError } from './load-error';

export function WebsitePage() {
  const q = useQuery(webConfigsQuery);
  if (q.isPending) return <Loading />;
  if (!q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return <LookForm initial={q.data.look} name={q.data.info.name} />;
}

function LookForm({ initial, name }: { initial: StoreLookBody; name: string }) {
  const { t } = useTranslation('website');
  const save = useSaveStoreLook();
  const form = useForm<StoreLookBody>({
    resolver: zodResolver(storeLookBody, formSchemaOptions),
    defaultValues: initial,
  });
  useEffect(() => form.reset(initial), [initial, form]);
  const fieldError = useFieldErrors(form.formState.errors);
  const look = form.watch();
  const submit = form.handleSubmit((body) =>
    save.mutate(body, { onError: (err) => setServerFieldErrors(err, form.setError) }),
  );
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h1>{t('look.title')}</h1>
      <p className="muted">{t('look.intro')}</p>
      {save.isSuccess && !form.formState.isDirty && <Alert kind="success">{t('saved')}</Alert>}
      {save.error && <Alert kind="error">{save.error.message}</Alert>}
      <div className="look-layout">
        <div className="stack">
          <section className="card stack" aria-labelledby="look-images">
            <h2 id="look-images">{t('look.images')}</h2>
            <div className="form-grid">
              {(
                [
                  ['logo', 'logo'],
                  ['icon', 'icon'],
                  ['cartIcon', 'icon'],
                  ['verificationIcon', 'icon'],
                ] as const
              ).map(([key, purpose]) => (
                <Controller
                  key={key}
                  control={form.control}
                  name={key}
                  render={({ field }) => (
                    <ImageField
                      label={t(`look.${key}`)}
                      purpose={purpose}
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldError(`${key}.url`)}
                    />
                  )}
                />
              ))}
            </div>
          </section>
          <section className="card stack" aria-labelledby="look-colors">
            <h2 id="look-colors">{t('look.colors')}</h2>
            <ColorFields
              value={look.colors}
              onChange={(k, v) => form.setValue(`colors.${k}`, v, { shouldDirty: true, shouldValidate: true })}
              error={(k) => fieldError(`colors.${k}`)}
            />
          </section>
          <section className="card stack" aria-labelledby="look-banner">
            <h2 id="look-banner">{t('look.banner')}</h2>
            <Controller
              control={form.control}
              name="banners"
              render={({ field }) => (
                <ImageListField
                  label={t('look.banners')}
                  addLabel={t('look.addBanner')}
                  purpose="banner"
                  value={field.value}
                  onChange={field.onChange}
                  max={5}
                  error={fieldError('banners')}
                />
              )}
            />
            <div className="form-grid">
              <TextField
                label={t('look.buttonTitle')}
                maxLength={40}
                {...form.register('bannerButton.title')}
                error={fieldError('bannerButton.title')}
              />
              <TextField
                label={t('look.buttonUrl')}
                hint={t('look.buttonUrlHint')}
                {...form.register('bannerButton.url')}
                error={fieldError('bannerButton.url')}
              />
              <div className="field">
                <label htmlFor="button-color">{t('look.buttonColor')}</label>
                <input
                  id="button-color"
                  className="look-button-color"
                  type="color"
                  {...form.register('bannerButton.textColor')}
                />
                {fieldError('bannerButton.textColor') && (
                  <span className="field-error">{fieldError('bannerButton.textColor')}</span>
                )}
              </div>
            </div>
            <Controller
              control={form.control}
              name="carousel"
              render={({ field }) => (
                <ImageListField
                  label={t('look.carousel')}
                  addLabel={t('look.addCarousel')}
                  purpose="carousel"
                  value={field.value}
                  onChange={field.onChange}
                  max={10}
                  error={fieldError('carousel')}
                />
              )}
            />
          </section>
          <section className="card stack" aria-labelledby="look-social">
            <h2 id="look-social">{t('look.social')}</h2>
            <SocialFields
              value={look.social}
              onChange={(k, v) => form.setValue(`social.${k}`, v, { shouldDirty: true })}
              error={(k) => fieldError(`social.${k}`)}
            />
          </section>
          <div className="row">
            <Button type="submit" busy={save.isPending}>
              {t('save')}
            </Button>
          </div>
        </div>
        <aside className="look-preview-col">
          <StorePreview
            name={name}
            colors={look.colors}
            logo={look.logo}
            banner={look.banners[0] ?? look.carousel[0] ?? null}
            button={look.bannerButton}
          />
        </aside>
      </div>
    </form>
  );
}
