/**
 * /reviews ("Mis reseñas"): the signed-in buyer's reviews in this store with their status (pending, published,
 * hidden, held by the checks) and the store's answer; each can be edited within REVIEW_EDIT_DAYS (it goes back to
 * pending) and deleted (decision 157). Sign-in first; back here afterwards.
 */
// First: the contracts' schemas are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../../../shared/reviews/reviews-i18n';
import '../../../shared/reviews/reviews.css';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { Stars } from '../../../components/ui/stars';
import { useFormat } from '../../../lib/format';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import type { MyReview } from '../../../../shared/contracts/reviews';
import { ReviewForm } from '../../shared/reviews/review-form';
import { ReviewStatus } from '../../shared/reviews/review-status';
import { myReviewsQuery, useDeleteReview, useEditReview } from '../../shared/reviews/reviews-api';

export function MyReviewsPage() {
  const { t } = useTranslation('reviews');
  const customer = useCurrentUser('storefront');
  const list = useQuery({ ...myReviewsQuery(), enabled: Boolean(customer.data) });
  const remove = useDeleteReview();
  const [notice, setNotice] = useState<string | null>(null);
  if (customer.isPending) return <Loading />;
  if (!customer.data) return <Navigate to={paths.login('/reviews')} replace />;
  return (
    <div className="container page stack">
      <h1>{t('mine.title')}</h1>
      {notice && (
        <div role="status">
          <Alert kind="success">{notice}</Alert>
        </div>
      )}
      {remove.isError && <Alert kind="error">{remove.error.message}</Alert>}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert kind="error">{list.error.message}</Alert>
      ) : !list.data.reviews.length ? (
        <EmptyState title={t('mine.empty')}>
          <p>{t('mine.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className="stack review-plain">
          {list.data.reviews.map((r) => (
            <li key={r.id}>
              <MyReviewCard
                review={r}
                deleting={remove.isPending && remove.variables === r.id}
                onDelete={() => {
                  if (!window.confirm(t('mine.confirmDelete', { name: r.productName }))) return;
                  remove.mutate(r.id, { onSuccess: () => setNotice(t('mine.deleted')) });
                }}
                onSaved={() => setNotice(t('mine.saved'))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MyReviewCard({
  review: r,
  deleting,
  onDelete,
  onSaved,
}: {
  review: MyReview;
  deleting: boolean;
  onDelete: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('reviews');
  const format = useFormat();
  const edit = useEditReview();
  const [editing, setEditing] = useState(false);
  const editable = new Date(r.editableUntil).getTime() > Date.now();
  return (
    <article className="card stack" aria-labelledby={`review-${r.id}`}>
      <div className="toolbar">
        <h2 id={`review-${r.id}`} className="review-title">
          <Link to={paths.product(r.productCode)}>{r.productName}</Link>
        </h2>
        <ReviewStatus review={r} />
      </div>
      {editing ? (
        <ReviewForm
          initial={r}
          submitLabel={t('form.save')}
          busy={edit.isPending}
          error={edit.error?.message}
          onCancel={() => setEditing(false)}
          onSubmit={(body) =>
            edit.mutate(
              { id: r.id, body },
              {
                onSuccess: () => {
                  setEditing(false);
                  onSaved();
                },
              },
            )
          }
        />
      ) : (
        <>
          <Stars value={r.rating} />
          <p className="review-flush">
            <strong>{r.title}</strong>
          </p>
          <p className="review-text review-flush">{r.comment}</p>
          {r.photos.length > 0 && (
            <ul className="review-photos">
              {r.photos.map((p, i) => (
                <li key={p.id}>
                  <img src={`${p.url}-160.webp`} alt={t('form.photoAlt', { n: i + 1 })} width={80} height={80} />
                </li>
              ))}
            </ul>
          )}
          {r.answer && (
            <div className="review-answer">
              <strong>{t('answer')}</strong>
              <p>{r.answer}</p>
            </div>
          )}
          <p className="small muted review-flush">
            {format.date(r.createdAt)}
            {editable && ` · ${t('mine.editableUntil', { date: format.date(r.editableUntil) })}`}
          </p>
          <div className="row">
            {editable && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('mine.edit')}
              </Button>
            )}
            <Button variant="danger" busy={deleting} onClick={onDelete}>
              {t('mine.delete')}
            </Button>
          </div>
        </>
      )}
    </article>
  );
}
