/**
 * The product page's hidden tab panels (/product): details, specifications, packaging and reviews. Components
 * of their own so that, on a server-rendered page, they render when their tab first opens (decision 088): the date
 * formatter the reviews use is not made while the page hydrates.
 */
import { useTranslation } from 'react-i18next';
import { Stars } from '../../../components/ui/stars';
import { useFormat } from '../../../lib/format';
import { formatOptionName } from '../../../lib/option-labels';
import type { ProductDetail } from '../../../../shared/contracts/catalog';

/** Code, brand, department, category, keywords and attributes. */
export function DetailsTable({ p }: { p: ProductDetail }) {
  const { t } = useTranslation('storefront');
  return (
    <table className="spec-table">
      <tbody>
        <tr>
          <th scope="row">{t('product.code')}</th>
          <td>{p.codigo}</td>
        </tr>
        {p.brand && (
          <tr>
            <th scope="row">{t('product.brand')}</th>
            <td>{p.brand}</td>
          </tr>
        )}
        {p.department && (
          <tr>
            <th scope="row">{t('product.department')}</th>
            <td>{p.department}</td>
          </tr>
        )}
        {p.category && (
          <tr>
            <th scope="row">{t('product.category')}</th>
            <td>{p.category}</td>
          </tr>
        )}
        {p.keywords.length > 0 && (
          <tr>
            <th scope="row">{t('product.keywords')}</th>
            <td>{p.keywords.join(', ')}</td>
          </tr>
        )}
        {Object.entries(p.attributes).map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{formatOptionName(t, k)}</th>
            <td>{v.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The seller's specification rows, or a note that there are none. */
export function SpecificationsTable({ p }: { p: ProductDetail }) {
  const { t } = useTranslation('storefront');
  return p.specifications.length ? (
    <table className="spec-table">
      <tbody>
        {p.specifications.map((s) => (
          <tr key={s.label}>
            <th scope="row">{s.label}</th>
            <td>{s.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  ) : (
    <p className="muted">{t('product.noSpecs')}</p>
  );
}

/** Packaging type, pieces per package, dimensions (cm) and weight (kg, in the page language). */
export function PackagingTable({ p }: { p: ProductDetail }) {
  const { t } = useTranslation('storefront');
  const format = useFormat();
  return (
    <table className="spec-table">
      <tbody>
        {p.packaging.type && (
          <tr>
            <th scope="row">{t('product.packagingType')}</th>
            <td>{t(`product.packagingTypes.${p.packaging.type}`)}</td>
          </tr>
        )}
        {p.packaging.piecesPerPackage && (
          <tr>
            <th scope="row">{t('product.piecesPerPackage')}</th>
            <td>{p.packaging.piecesPerPackage}</td>
          </tr>
        )}
        <tr>
          <th scope="row">{t('product.dimensions')}</th>
          <td>
            {p.dimensionsCm.length} × {p.dimensionsCm.width} × {p.dimensionsCm.height} cm
          </td>
        </tr>
        <tr>
          <th scope="row">{t('product.weight')}</th>
          <td>{format.kilograms(p.weightGrams)} kg</td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * The product's visible reviews with their author and date (in the page language), photos and the store's answer, each
 * with "Report review" (`onReport`), or a note that there are none.
 */
export function ReviewList({
  reviews,
  onReport,
}: {
  reviews: ProductDetail['reviews'];
  onReport?: (review: { id: string; authorName: string }) => void;
}) {
  const { t } = useTranslation('storefront');
  const format = useFormat();
  return reviews.length ? (
    <div>
      {reviews.map((r) => (
        <article key={r.id} className="review">
          <Stars value={r.rating} />
          <h3>{r.title}</h3>
          <p className="review-text">{r.comment}</p>
          {r.photos.length > 0 && (
            <ul className="review-thumbs">
              {r.photos.map((photo, i) => (
                <li key={photo.id}>
                  <a href={`${photo.url}-960.webp`} target="_blank" rel="noreferrer">
                    <img
                      src={`${photo.url}-160.webp`}
                      alt={t('product.reviewPhoto', { n: i + 1, name: r.authorName })}
                      width={80}
                      height={80}
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <p className="muted small">
            {r.authorName} · {format.date(r.createdAt)}
          </p>
          {r.answer && (
            <div className="small review-answer">
              <strong>{t('product.storeAnswer')}</strong>
              <p>{r.answer}</p>
            </div>
          )}
          {onReport && (
            <button
              type="button"
              className="btn btn-ghost small"
              aria-label={t('product.reportReviewOf', { name: r.authorName })}
              onClick={() => onReport(r)}
            >
              {t('product.reportReview')}
            </button>
          )}
        </article>
      ))}
    </div>
  ) : (
    <p className="muted">{t('product.noReviews')}</p>
  );
}
