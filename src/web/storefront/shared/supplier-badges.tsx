/**
 * The store's supplier badges (verified, audited, diamond; decisions 165, 166) on the about-us page and the product
 * page's seller line (spans, as it sits inside a paragraph there): read from GET /api/reseller/badges after the page loads; nothing shows while none is held.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import * as badgeRoutes from '../../../shared/routes/badges';

export const supplierBadgesQuery = queryOptions({
  queryKey: ['supplier-badges'],
  queryFn: () => call(badgeRoutes.publicBadges),
  staleTime: 60_000,
});

export function SupplierBadges() {
  const { t } = useTranslation('storefront');
  const badges = useQuery(supplierBadgesQuery).data?.badges ?? [];
  if (!badges.length) return null;
  return (
    <span role="list" className="supplier-badges" aria-label={t('supplierBadges.title')} data-testid="supplier-badges">
      {badges.map((b) => (
        <span
          role="listitem"
          key={b.badge}
          className="badge"
          title={b.validUntil ? t('supplierBadges.until', { date: b.validUntil }) : undefined}
        >
          {t(`supplierBadges.${b.badge}`)}
        </span>
      ))}
    </span>
  );
}
