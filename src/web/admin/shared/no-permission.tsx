/**
 * What an admin page shows when the server refused it with 403 (a collaborator without the section's permission;
 * decision 065): a "no permission" state with a way to the first admin page the person may use, never a crash, an
 * empty list or a "try again". The server's refusal is fresher than the cached permissions, so they are read again:
 * the menu then lists what the person may use now.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { landingPath, useSellerMe } from './seller-me';

/** Whether an error is the server's 403 answer (FORBIDDEN and kin). */
export function isForbidden(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403;
}

export function NoPermission() {
  const { t } = useTranslation('identity');
  const me = useSellerMe();
  const { refetch } = me;
  useEffect(() => {
    void refetch();
  }, [refetch]);
  const to = landingPath(me.data);
  return (
    <section className="card empty-state stack" aria-labelledby="no-permission-title" data-testid="no-permission">
      <h1 id="no-permission-title">{t('noPermission.title')}</h1>
      <p>{t('noPermission.text')}</p>
      {to && (
        <p>
          <Link className="btn btn-primary" to={to}>
            {t('noPermission.action')}
          </Link>
        </p>
      )}
    </section>
  );
}
