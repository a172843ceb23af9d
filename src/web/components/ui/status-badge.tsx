import { useTranslation } from 'react-i18next';
import type { FulfilmentStatus, OrderStatus } from '../../../shared/contracts/checkout';

/** An order's or a package's status in the shopper's language (common:orderStatus.*). */
export function StatusBadge({ status }: { status: OrderStatus | FulfilmentStatus }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`orderStatus.${status}`)}</span>;
}
