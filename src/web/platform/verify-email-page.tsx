/**
 * The page of the email-verification link (decision 100): /verificar-correo?token=… posts the token once; on success
 * the store is public and the seller is signed in, and the page opens the admin's set-up wizard. An expired or used
 * link says so and offers the sign-in (the admin's banner sends a new link).
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../components/ui/alert';
import { useVerifyEmail } from './api';
import { platformPaths } from './paths';

export function VerifyEmailPage() {
  const { t } = useTranslation('platform');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once: a link is single-use, and React may run an effect twice in development.
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token, {
      // A full page load: the admin is its own chunk with its own session key (lib/session.ts).
      onSuccess: () => location.assign(platformPaths.wizard()),
    });
  }, [token, verify]);
  const failed = !token || verify.isError;
  return (
    <div className="container page platform-signup">
      <section className="card stack" aria-live="polite">
        <h1>{failed ? t('verify.failedTitle') : verify.isSuccess ? t('verify.doneTitle') : t('verify.title')}</h1>
        {failed ? (
          <>
            <Alert kind="error">{verify.error?.message ?? t('verify.noToken')}</Alert>
            <p>
              <a className="btn btn-primary" href="/admin/login">
                {t('verify.signIn')}
              </a>
            </p>
          </>
        ) : (
          <p className="muted">{verify.isSuccess ? t('verify.done') : t('verify.working')}</p>
        )}
      </section>
    </div>
  );
}
