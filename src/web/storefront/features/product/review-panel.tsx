/**
 * The product page's review actions, loaded on demand (their own chunk, not the entry page's first load): the
 * signed-in buyer's review with its status, or the form to write one when they received the product (decision 157);
 * and the report form of a review or of the product (decision 158).
 */
// First: the contracts' schemas are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../../../shared/reviews/reviews-i18n';
import '../../../shared/reviews/reviews.css';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { LimitedField } from '../../../components/ui/character-counter';
import { Stars } from '../../../components/ui/stars';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { REPORT_REASONS, type ReportReason } from '../../../../shared/contracts/reviews';
import { REPORT_DETAILS_MAX_LENGTH } from '../../../../shared/limits';
import { ReviewForm } from '../../shared/reviews/review-form';
import { myProductReviewQuery, useReport, useWriteReview } from '../../shared/reviews/reviews-api';
import { ReviewStatus } from '../../shared/reviews/review-status';

/** The buyer's own review of the product, or the form to write one (only for a buyer who received it). */
export function ReviewPanel({ codigo }: { codigo: string }) {
  const { t } = useTranslation('reviews');
  const signedIn = Boolean(useCurrentUser('storefront').data);
  const mine = useQuery(myProductReviewQuery(codigo, signedIn));
  const write = useWriteReview(codigo);
  if (!signedIn || !mine.data) return null;
  const review = mine.data.review;
  if (review)
    return (
      <section className="card stack" aria-labelledby="my-review-title">
        <div className="toolbar">
          <h3 id="my-review-title" className="review-flush">
            {t('mine.yours')}
          </h3>
          <ReviewStatus review={review} />
        </div>
        {write.isSuccess && <Alert kind="success">{t('write.sent')}</Alert>}
        <Stars value={review.rating} />
        <p>
          <strong>{review.title}</strong>
        </p>
        <p className="review-text">{review.comment}</p>
        <Link to="/reviews">{t('mine.title')}</Link>
      </section>
    );
  if (!mine.data.canReview) return null;
  return (
    <section className="card stack" aria-labelledby="write-review-title">
      <h3 id="write-review-title" className="review-flush">
        {t('write.title')}
      </h3>
      <p className="small muted">{t('write.intro')}</p>
      <ReviewForm
        submitLabel={t('write.submit')}
        busy={write.isPending}
        error={write.error?.message}
        onSubmit={(body) => write.mutate(body)}
      />
    </section>
  );
}

/** The report form of a review (`reviewId`) or of the product (`codigo`); anyone may send one. */
export function ReportForm({
  target,
  heading,
  onClose,
}: {
  target: { reviewId: string } | { codigo: string };
  heading: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('reviews');
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const report = useReport();
  if (report.isSuccess)
    return (
      <div role="status" className="stack">
        <Alert kind="success">{t('report.sent')}</Alert>
      </div>
    );
  return (
    <form
      className="card stack"
      aria-label={heading}
      onSubmit={(e) => {
        e.preventDefault();
        report.mutate({ target, body: { reason, details } });
      }}
    >
      <h3 className="review-flush">{heading}</h3>
      <SelectField
        label={t('report.reason')}
        value={reason}
        autoFocus
        onChange={(e) => setReason(e.target.value as ReportReason)}
      >
        {REPORT_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`report.reasons.${r}`)}
          </option>
        ))}
      </SelectField>
      <LimitedField
        multiline
        label={t('report.details')}
        maxChars={REPORT_DETAILS_MAX_LENGTH}
        value={details}
        onChange={(e) => setDetails(e.target.value)}
      />
      {report.isError && <Alert kind="error">{report.error.message}</Alert>}
      <div className="row">
        <Button type="submit" busy={report.isPending}>
          {t('report.send')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('report.cancel')}
        </Button>
      </div>
    </form>
  );
}
