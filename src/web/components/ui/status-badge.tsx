import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../shared/contracts/checkout';

/** An order status in the shopper's language (common:orderStatus.*). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`orderStatus.${status}`)}</span>;
}
