/**
 * /admin/comments (the store's reviews) and /admin/catalogo/comentarios/{codigo} (one product's): reviews with pending
 * reports first, each with its reports, its status, what the automatic checks found, "Ocultar"/"Mostrar" and the
 * public answer (once); then the shoppers' reports of products (decisions 157, 158).
 */
// First: the contracts' schemas are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../../../shared/reviews/reviews-i18n';
import '../../../shared/reviews/reviews.css';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { Stars } from '../../../components/ui/stars';
import { LimitedField } from '../../../components/ui/character-counter';
import { useFormat } from '../../../lib/format';
import { REVIEW_ANSWER_MAX_LENGTH } from '../../../../shared/limits';
import type { StoreReview } from '../../../../shared/contracts/reviews';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { storeReviewsQuery, useAnswerReview, useDismissProductReport, useSetReviewVisibility } from './api/reviews';

export function ReviewsPage() {
  const { t } = useTranslation('reviews');
  const { codigo } = useParams();
  const q = useQuery(storeReviewsQuery(codigo));
  const dismiss = useDismissProductReport();
  const format = useFormat();
  if (isForbidden(q.error)) return <NoPermission />;
  const productName = codigo ? q.data?.reviews[0]?.productName : undefined;
  return (
    <div className="stack">
      <h1>{codigo ? t('admin.productTitle', { name: productName ?? codigo }) : t('admin.title')}</h1>
      {codigo && <Link to="/admin/comments">{t('admin.all')}</Link>}
      <p className="muted">{t('admin.intro')}</p>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Alert kind="error">{q.error.message}</Alert>
      ) : (
        <>
          {!q.data.reviews.length ? (
            <EmptyState title={t('admin.empty')} />
          ) : (
            <ul className="stack review-plain">
              {q.data.reviews.map((r) => (
                <li key={r.id}>
                  <StoreReviewCard review={r} showProduct={!codigo} />
                </li>
              ))}
            </ul>
          )}
          {q.data.productReports.length > 0 && (
            <section className="stack" aria-labelledby="product-reports">
              <h2 id="product-reports">{t('admin.productReports')}</h2>
              {dismiss.isError && <Alert kind="error">{dismiss.error.message}</Alert>}
              <ul className="stack review-plain">
                {q.data.productReports.map((p) => (
                  <li key={p.id} className="card review-reports stack">
                    <strong>{p.productName}</strong>
                    <span>
                      {t(`report.reasons.${p.reason}`)} · {format.date(p.createdAt)}
                    </span>
                    {p.details && <span className="review-text">{p.details}</span>}
                    <div>
                      <Button
                        variant="secondary"
                        busy={dismiss.isPending && dismiss.variables === p.id}
                        onClick={() => dismiss.mutate(p.id)}
                      >
                        {t('admin.dismiss')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function StoreReviewCard({ review: r, showProduct }: { review: StoreReview; showProduct: boolean }) {
  const { t } = useTranslation('reviews');
  const format = useFormat();
  const visibility = useSetReviewVisibility();
  const answer = useAnswerReview();
  const [answering, setAnswering] = useState(false);
  const [text, setText] = useState('');
  const visible = r.status === 'visible';
  return (
    <article className="card stack" aria-labelledby={`review-${r.id}`}>
      <div className="toolbar">
        <h2 id={`review-${r.id}`} className="review-title">
          {r.title}
        </h2>
        <span className={`review-status is-${r.status}`}>{t(`status.${r.status}`)}</span>
      </div>
      {showProduct && (
        <Link to={`/admin/catalogo/comentarios/${encodeURIComponent(r.productCode)}`}>{r.productName}</Link>
      )}
      <Stars value={r.rating} />
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
      <p className="small muted review-flush">
        {t('admin.by', { name: r.authorName, date: format.date(r.createdAt) })}
      </p>
      {r.flags.length > 0 && (
        <p className="small review-flush">
          {t('admin.flags', { flags: r.flags.map((f) => t(`admin.flag.${f}`)).join(', ') })}
        </p>
      )}
      {r.reports.length > 0 && (
        <div className="review-reports stack">
          <strong>{t('admin.reports', { count: r.reports.length })}</strong>
          <ul className="review-flush">
            {r.reports.map((x) => (
              <li key={x.id}>
                {t(`report.reasons.${x.reason}`)}
                {x.details ? `: ${x.details}` : ''} · {format.date(x.createdAt)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {r.answer && (
        <div className="review-answer">
          <strong>{t('answer')}</strong>
          <p>{r.answer}</p>
        </div>
      )}
      {(visibility.isError || answer.isError) && (
        <Alert kind="error">{(visibility.error ?? answer.error)?.message}</Alert>
      )}
      {answering && !r.answer && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            answer.mutate({ id: r.id, answer: text }, { onSuccess: () => setAnswering(false) });
          }}
        >
          <LimitedField
            multiline
            label={t('admin.answerLabel')}
            maxChars={REVIEW_ANSWER_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.target.value)}
            markRequired
            autoFocus
          />
          <div className="row">
            <Button type="submit" busy={answer.isPending}>
              {t('admin.sendAnswer')}
            </Button>
            <Button variant="ghost" onClick={() => setAnswering(false)}>
              {t('form.cancel')}
            </Button>
          </div>
        </form>
      )}
      <div className="row review-wrap">
        {r.status !== 'pending' && (
          <Button
            variant={visible ? 'danger' : 'secondary'}
            busy={visibility.isPending}
            onClick={() => visibility.mutate({ id: r.id, visible: !visible })}
          >
            {visible ? t('admin.hide') : t('admin.show')}
          </Button>
        )}
        {!r.answer && !answering && (
          <Button variant="ghost" onClick={() => setAnswering(true)}>
            {t('admin.answer')}
          </Button>
        )}
      </div>
    </article>
  );
}
