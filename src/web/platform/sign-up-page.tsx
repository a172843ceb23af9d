/**
 * Seller sign-up (decisions 100, 101): name, email, password (the server's strength rules), store name,
 * address (slug, with an availability check) and language. On success the page says "check your email" (the same
 * whether the email was new or already had an account); the emailed link publishes the store and opens the admin,
 * and the seller may sign in meanwhile to start building it.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../lib/zod-csp';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../lib/forms';
import { ApiError } from '../lib/api-client';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { SelectField, TextField } from '../components/ui/field';
import { PASSWORD_MIN_LENGTH } from '../../shared/limits';
import { signUpBody } from '../../shared/contracts/identity';
import { useSignUp, useSlugCheck, type SignUpInput } from './api';
import { platformPaths } from './paths';

/** "Dulces Lucía & Co." → "dulces-lucia-co" (at most 40 characters). */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function SignUpPage() {
  const { t, i18n } = useTranslation('platform');
  const signUp = useSignUp();
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpBody, formSchemaOptions),
    defaultValues: {
      fullName: '',
      email: '',
      password: '',
      storeName: '',
      slug: '',
      lang: i18n.language === 'en' ? 'en' : 'es',
    },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const [storeName, slug] = form.watch(['storeName', 'slug']);
  useEffect(() => {
    if (!slugEdited) form.setValue('slug', slugify(storeName));
  }, [storeName, slugEdited, form]);
  const check = useSlugCheck(useDebounced(slug.trim().toLowerCase(), 350));
  const slugStatus =
    slug.length < 3 || !check.data || check.data.slug !== slug.trim().toLowerCase()
      ? null
      : check.data.available
        ? t('signUp.slugFree', { host: `${check.data.slug}.${location.hostname}` })
        : check.data.reason === 'slug_taken'
          ? t('signUp.slugTaken')
          : t(`errors:fields.${check.data.reason ?? 'invalid'}`);
  const submit = form.handleSubmit((body) =>
    signUp.mutate(body, {
      onError: (err) => {
        setServerFieldErrors(err, form.setError);
        if (err instanceof ApiError && err.code === 'SLUG_TAKEN')
          form.setError('slug', { type: 'server', message: err.message });
        if (err instanceof ApiError && (err.code === 'PASSWORD_TOO_WEAK' || err.code === 'PASSWORD_BREACHED'))
          form.setError('password', { type: 'server', message: err.message });
      },
    }),
  );
  const fieldCodes = ['SLUG_TAKEN', 'PASSWORD_TOO_WEAK', 'PASSWORD_BREACHED', 'VALIDATION_FAILED'];
  if (signUp.isSuccess) return <CheckEmail email={signUp.variables.email} />;
  return (
    <div className="container page platform-signup">
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('signUp.title')}</h1>
        <p className="muted">{t('signUp.text')}</p>
        {signUp.error && !(signUp.error instanceof ApiError && fieldCodes.includes(signUp.error.code)) && (
          <Alert kind="error">{signUp.error.message}</Alert>
        )}
        <fieldset className="stack">
          <legend>{t('signUp.you')}</legend>
          <TextField
            label={t('signUp.fullName')}
            autoComplete="name"
            {...form.register('fullName')}
            error={fieldError('fullName')}
          />
          <TextField
            label={t('signUp.email')}
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={fieldError('email')}
          />
          <TextField
            label={t('signUp.password')}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
            error={fieldError('password')}
            hint={t('signUp.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          />
        </fieldset>
        <fieldset className="stack">
          <legend>{t('signUp.store')}</legend>
          <TextField
            label={t('signUp.storeName')}
            autoComplete="organization"
            {...form.register('storeName')}
            error={fieldError('storeName')}
          />
          <TextField
            label={t('signUp.slug')}
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('slug', { onChange: () => setSlugEdited(true) })}
            error={fieldError('slug')}
            hint={<span aria-live="polite">{fieldError('slug') ? null : (slugStatus ?? t('signUp.slugHint'))}</span>}
          />
          <SelectField label={t('signUp.lang')} {...form.register('lang')} error={fieldError('lang')}>
            <option value="es">{t('signUp.langEs')}</option>
            <option value="en">{t('signUp.langEn')}</option>
          </SelectField>
        </fieldset>
        <Button type="submit" busy={signUp.isPending} block>
          {t('signUp.submit')}
        </Button>
        <p className="small">
          {t('signUp.haveAccount')} <a href="/admin/login">{t('nav.signIn')}</a> ·{' '}
          <Link to={platformPaths.home()}>{t('signUp.back')}</Link>
        </p>
      </form>
    </div>
  );
}

/** After a sign-up: the link is in the inbox; the seller may sign in meanwhile (decision 100). */
function CheckEmail({ email }: { email: string }) {
  const { t } = useTranslation('platform');
  return (
    <div className="container page platform-signup">
      <section className="card stack" aria-labelledby="check-email-title">
        <h1 id="check-email-title" tabIndex={-1} ref={(h) => h?.focus()}>
          {t('signUp.checkTitle')}
        </h1>
        <p>{t('signUp.checkText', { email })}</p>
        <p className="muted">{t('signUp.checkMeanwhile')}</p>
        <p>
          <a className="btn btn-primary" href="/admin/login">
            {t('signUp.checkSignIn')}
          </a>
        </p>
        <p className="small muted">{t('signUp.checkNotArrived')}</p>
      </section>
    </div>
  );
}
