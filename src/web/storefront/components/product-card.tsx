import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { Price } from '../../components/ui/price';
import { ProductImage } from '../../components/ui/product-image';
import { Stars } from '../../components/ui/stars';
import { HydrateLater } from '../../lib/hydrate-in-steps';
import type { ProductCard as Card } from '../../../shared/contracts/common';

/** A product in a grid: image, name, rating, price, stock. */
export function ProductCard({
  product,
  eager = false,
}: {
  product: Pick<Card, 'codigo' | 'name' | 'priceCents' | 'image'> & Partial<Card>;
  eager?: boolean;
}) {
  const { t } = useTranslation('storefront');
  return (
    <article className="product-card">
      <Link to={paths.product(product.codigo)}>
        <div className="thumb">
          <ProductImage base={product.image} alt="" eager={eager} />
        </div>
        <div className="info">
          <h3 className="name" title={product.name}>
            {product.name}
          </h3>
          {product.ratingCount ? <Stars value={product.ratingAvg ?? 0} count={product.ratingCount} /> : null}
          <Price cents={product.priceCents} compareAtCents={product.compareAtCents} />
          {product.inStock === false && <span className="out-of-stock">{t('stock.none')}</span>}
        </div>
      </Link>
    </article>
  );
}

/** A responsive grid of product cards, or skeletons while loading. */
export function ProductGrid({
  products,
  loading = false,
  eagerFirst = 0,
}: {
  products?: (Pick<Card, 'codigo' | 'name' | 'priceCents' | 'image'> & Partial<Card>)[];
  loading?: boolean;
  eagerFirst?: number;
}) {
  const { t } = useTranslation('storefront');
  if (loading) {
    return (
      <ul className="product-grid" aria-busy="true" aria-label={t('loadingProducts')}>
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="skeleton" />
        ))}
      </ul>
    );
  }
  return (
    <ul className="product-grid">
      {(products ?? []).map((p, i) => (
        <li key={p.codigo}>
          {/* Each card hydrates in a task of its own after the page (decision 088). */}
          <HydrateLater>
            <ProductCard product={p} eager={i < eagerFirst} />
          </HydrateLater>
        </li>
      ))}
    </ul>
  );
}
