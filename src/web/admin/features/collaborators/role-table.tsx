/**
 * What each permission allows, and what only the owner may do (decision 090), shown where the owner chooses a
 * collaborator's permissions. It words the server's checks (each admin route names its permission); it decides
 * nothing.
 */
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '../../../../shared/contracts/identity';

export function RoleTable() {
  const { t } = useTranslation('identity');
  return (
    <section className="card stack" aria-labelledby="role-table-title">
      <h2 id="role-table-title">{t('roleTable.title')}</h2>
      <p className="small muted">{t('roleTable.text')}</p>
      <table className="data-table role-table" data-testid="role-table">
        <thead>
          <tr>
            <th scope="col">{t('roleTable.who')}</th>
            <th scope="col">{t('roleTable.allows')}</th>
          </tr>
        </thead>
        <tbody>
          {PERMISSIONS.map((p) => (
            <tr key={p}>
              <th scope="row">{t(`permissions.${p}`)}</th>
              <td>{t(`roleTable.rows.${p}`)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('roles.owner')}</th>
            <td>{t('roleTable.rows.owner')}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
