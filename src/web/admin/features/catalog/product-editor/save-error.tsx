/** The product editor's save error, with links to the company profile's missing fields. */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { ApiError } from '../../../../lib/api-client';
import type { CompanySection } from '../../../../../shared/contracts/company';
import { can, useSellerMe } from '../../../shared/seller-me';

/**
 * The server's refusal of a product for an incomplete company profile (422 COMPANY_PROFILE_INCOMPLETE, decision 115):
 * its message, then a link per missing field to the company form that holds it, with the field focused there.
 */
export function SaveError({ error }: { error: Error }) {
  const { t } = useTranslation(['catalog', 'company']);
  const me = useSellerMe();
  const canEditProfile = can(me.data, 'settings');
  const ref = useRef<HTMLDivElement>(null);
  // The button is at the foot of a long form: bring the refusal into view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus();
  }, [error]);
  const gaps =
    error instanceof ApiError && error.code === 'COMPANY_PROFILE_INCOMPLETE'
      ? ((error.params.gaps ?? []) as { section: CompanySection; field: string }[])
      : [];
  return (
    <div ref={ref} tabIndex={-1} className="editor-save-error">
      <Alert kind="error">
        <p className="editor-save-error-text">{error.message}</p>
        {gaps.length > 0 && (
          <ul className="editor-profile-gaps" aria-label={t('editor.profileMissing')}>
            {gaps.map((g) => {
              const field = t(`company:gaps.${g.field}`);
              return (
                <li key={`${g.section}-${g.field}`}>
                  {/* Mis datos needs the settings permission: without it, the field's name, not a closed door. */}
                  {canEditProfile ? (
                    <Link to={`/admin/mis-datos?seccion=${g.section}&campo=${encodeURIComponent(g.field)}`}>
                      {t('company:progress.goTo', { field })}
                    </Link>
                  ) : (
                    field
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {gaps.length > 0 && !canEditProfile && <p>{t('editor.profileAskOwner')}</p>}
      </Alert>
    </div>
  );
}
