/** A review's status as its author reads it: pending, published, hidden by the store, or held by the checks. */
import { useTranslation } from 'react-i18next';
import '../../../shared/reviews/reviews-i18n';
import type { MyReview } from '../../../../shared/contracts/reviews';

export function ReviewStatus({ review }: { review: Pick<MyReview, 'status' | 'held'> }) {
  const { t } = useTranslation('reviews');
  const label = review.held ? t('status.held') : t(`status.${review.status}`);
  return <span className={`review-status is-${review.status}`}>{label}</span>;
}
