/** The tabs between the money pages: summary, payment history, bank account. */
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';

export function BalanceNav() {
  const { t } = useTranslation('balances');
  const links = [
    { to: adminPaths.balanceSummary(), label: t('nav.summary') },
    { to: adminPaths.paymentHistory(), label: t('nav.history') },
    { to: adminPaths.bankAccount(), label: t('nav.bank') },
  ];
  return (
    <nav aria-label={t('nav.label')} className="balance-nav">
      {links.map((l) => (
        <NavLink key={l.to} to={l.to} end>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
