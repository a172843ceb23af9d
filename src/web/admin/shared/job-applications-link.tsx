/** The "Solicitudes de empleo" card at the foot of Mis datos: owners only (decision 168), a link to the list. */
import '../../shared/jobs/jobs-i18n';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, useSellerMe } from './seller-me';

export function JobApplicationsLink() {
  const { t } = useTranslation('jobs');
  const me = useSellerMe();
  if (!can(me.data, 'owner')) return null;
  return (
    <section className="card stack" aria-labelledby="job-applications-link">
      <h2 id="job-applications-link">{t('admin.link')}</h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('admin.linkText')}
      </p>
      <div>
        <Link className="btn btn-secondary" to="/admin/mis-datos/solicitudes">
          {t('admin.link')}
        </Link>
      </div>
    </section>
  );
}
