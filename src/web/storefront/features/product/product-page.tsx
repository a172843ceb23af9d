/**
 * /product?codigo=: gallery, price, rating, variant options, quantity bounded by stock and minimum order,
 * the stock messages, add to cart, and tabs about / details / specifications / packaging / reviews.
 * The product joins the recently viewed list and the view is recorded (POST /api/visto).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SupplierBadges } from '../../shared/supplier-badges';
import { paths } from '../../../app/paths';
import { useShop } from '../../../state/shop-store';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { Price, useMoney } from '../../../components/ui/price';
import { ProductImage } from '../../../components/ui/product-image';
import { Stars } from '../../../components/ui/stars';
import { Tabs } from '../../../components/ui/tabs';
import { Loading } from '../../../components/ui/loading';
import type { ProductDetail } from '../../../../shared/contracts/catalog';
import { VerifiedBadge } from '../../components/verified-badge';
import { storeConfigQuery } from '../../shared/api/get-store-config';
import { productQuery } from './api/get-product';
import { recordProductView } from './api/record-product-view';
import { DetailsTable, PackagingTable, ReviewList, SpecificationsTable } from './product-tab-panels';
import { formatOptionName } from '../../../lib/option-labels';
import { loadChunk } from '../../../lib/load-chunk';
import { useHydrated } from '../../../lib/use-hydrated';

// The review and report forms are their own chunk: most visits never open them (decision 088's first-load budget).
const reviewPanel = () => loadChunk(() => import('./review-panel'));
const ReviewPanel = lazy(() => reviewPanel().then((m) => ({ default: m.ReviewPanel })));
const ReportForm = lazy(() => reviewPanel().then((m) => ({ default: m.ReportForm })));

/**
 * The signed-in buyer's review panel, in the browser only: the server's render is synchronous and cannot wait for a
 * lazy chunk (the first product page rendered after a start would fail and fall back to the bare shell), and the panel
 * shows nothing to a shopper who is not signed in, which is all the server knows. Its own component, so that only it
 * renders again once the page has hydrated.
 */
function ReviewPanelOnceHydrated({ codigo }: { codigo: string }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <ReviewPanel codigo={codigo} />
    </Suspense>
  ) : null;
}

export function ProductPage() {
  const { t } = useTranslation('storefront');
  const [params] = useSearchParams();
  const codigo = params.get('codigo') ?? '';
  const product = useQuery(productQuery(codigo));
  const p = product.data;
  const addRecentlyViewed = useShop((s) => s.addRecentlyViewed);
  useEffect(() => {
    if (!p) return;
    document.title = p.name;
    addRecentlyViewed({
      codigo: p.codigo,
      name: p.name,
      priceCents: p.priceCents,
      image: p.image,
      compareAtCents: p.compareAtCents,
      ratingAvg: p.ratingAvg,
      ratingCount: p.ratingCount,
      inStock: p.inStock,
    });
    recordProductView(p.codigo);
  }, [p, addRecentlyViewed]);

  if (!codigo)
    return (
      <div className="container page">
        <Alert kind="error">{t('product.missing')}</Alert>
      </div>
    );
  if (product.isPending) return <Loading />;
  if (!p)
    return (
      <div className="container page">
        <Alert kind="error">{product.error?.message}</Alert>
      </div>
    );
  // Another product is another view: its state (options, quantity, message) and its tab panels start afresh.
  return <ProductView key={p.codigo} p={p} />;
}

function ProductView({ p }: { p: ProductDetail }) {
  const { t } = useTranslation('storefront');
  const money = useMoney();
  const cart = useShop((s) => s.cart);
  const addToCart = useShop((s) => s.addToCart);
  const [selected, setSelected] = useState<Record<string, string>>(() => ({
    ...(p.variants.find((v) => v.stock > 0) ?? p.variants[0])?.options,
  }));
  const variantOf = (choice: Record<string, string>) =>
    p.variants.find((v) => p.optionNames.every((o) => v.options[o] === choice[o]));
  /** The photo of a choice of options: its variant's own, else its colour's (decision 045); null without one. */
  const photoOf = (choice: Record<string, string>) =>
    variantOf(choice)?.image ??
    p.variants.find((v) => choice.color && v.options.color === choice.color && v.image)?.image ??
    null;
  // The large photo: the cover until the shopper picks a photo or chooses options with another photo (a colour's), so
  // that the server's first paint shows the photo its head preloads (decision 113).
  const [picked, setPicked] = useState<string | null>(null);
  const choose = (choice: Record<string, string>) => {
    if (photoOf(choice) !== photoOf(selected)) setPicked(photoOf(choice));
    setSelected(choice);
  };
  // On a server-rendered page (decision 035) a shopper may pick a colour or size before the script has hydrated it:
  // the browser checked that radio but no change reached the state. Once hydrated, the checked radios are adopted,
  // so the photo, price and cart line follow what the shopper sees checked.
  const buyBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const checked = { ...selected };
    for (const input of buyBox.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked') ?? [])
      if (p.optionNames.includes(input.name)) checked[input.name] = input.value;
    if (p.optionNames.some((o) => checked[o] !== selected[o])) choose(checked);
    // Only once, right after hydration: later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const variant = variantOf(selected) ?? (p.optionNames.length ? undefined : p.variants[0]);
  // The chosen variant's (or colour's) photo, else the cover: the cart line keeps it (a photo per colour).
  const lineImage = photoOf(selected) ?? p.image;
  const shownImage = picked ?? p.image ?? lineImage;
  const inCart = variant ? (cart.find((l) => l.sku === variant.sku)?.quantity ?? 0) : 0;
  const min = Math.max(1, p.minOrderQty);
  const left = variant ? variant.stock - inCart : 0;
  const [qty, setQty] = useState(min);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // The seller is the store: its name links to its company page, with the verification icon when it has one.
  const store = useQuery(storeConfigQuery).data;
  // The report form open (of a review or of the product), if any.
  const [reporting, setReporting] = useState<
    { reviewId: string; heading: string } | { codigo: string; heading: string } | null
  >(null);

  const values = (name: string) => [...new Set(p.variants.map((v) => v.options[name]).filter(Boolean))];
  const available = (name: string, value: string) =>
    p.variants.some(
      (v) =>
        v.options[name] === value &&
        v.stock > 0 &&
        p.optionNames.every((o) => o === name || !selected[o] || v.options[o] === selected[o]),
    );

  const add = () => {
    if (!variant) return setMessage({ kind: 'error', text: t('product.chooseOptions') });
    if (variant.stock <= 0) return setMessage({ kind: 'error', text: t('stock.none') });
    if (qty > left)
      return setMessage({
        kind: 'error',
        text: left > 0 ? t('stock.notEnough', { count: left }) : t('stock.exceeded'),
      });
    if (inCart + qty < min) return setMessage({ kind: 'error', text: t('stock.minimum', { count: min }) });
    addToCart({
      codigo: p.codigo,
      sku: variant.sku,
      name: p.name,
      image: lineImage,
      options: variant.options,
      unitPriceCents: variant.priceCents,
      quantity: qty,
      minOrderQty: min,
      stock: variant.stock,
    });
    setMessage({ kind: 'success', text: t('product.added', { count: qty }) });
  };

  const tabs = [
    {
      id: 'about',
      title: t('product.tabs.about'),
      content: (
        <>
          <p>{p.description}</p>
          {p.usage && (
            <p>
              <strong>{t('product.usage')}:</strong> {p.usage}
            </p>
          )}
        </>
      ),
    },
    // The hidden panels are components of their own: they render when their tab first opens (decision 088).
    { id: 'details', title: t('product.tabs.details'), content: <DetailsTable p={p} /> },
    { id: 'specs', title: t('product.tabs.specifications'), content: <SpecificationsTable p={p} /> },
    { id: 'packaging', title: t('product.tabs.packaging'), content: <PackagingTable p={p} /> },
    {
      id: 'reviews',
      title: t('product.tabs.reviews', { count: p.ratingCount }),
      content: (
        <div className="stack">
          <ReviewList
            reviews={p.reviews}
            onReport={(r) =>
              setReporting({ reviewId: r.id, heading: t('product.reportReviewOf', { name: r.authorName }) })
            }
          />
          {reporting && 'reviewId' in reporting && (
            <Suspense fallback={<Loading />}>
              <ReportForm
                key={reporting.reviewId}
                target={{ reviewId: reporting.reviewId }}
                heading={reporting.heading}
                onClose={() => setReporting(null)}
              />
            </Suspense>
          )}
          <ReviewPanelOnceHydrated codigo={p.codigo} />
        </div>
      ),
    },
  ];

  return (
    <div className="container page">
      <nav aria-label={t('breadcrumb')} className="small muted">
        <Link to={paths.home()}>{t('home.title')}</Link>
        {p.departmentSlug && (
          <>
            {' '}
            / <Link to={paths.department(p.departmentSlug)}>{p.department}</Link>
          </>
        )}
        {p.categorySlug && p.departmentSlug && (
          <>
            {' '}
            / <Link to={paths.search({ departamento: p.departmentSlug, categoria: p.categorySlug })}>{p.category}</Link>
          </>
        )}
      </nav>
      <div className="product-layout product-layout-top">
        <Gallery
          photos={p.photos}
          shown={shownImage}
          alt={
            selected.color && shownImage === lineImage && lineImage !== p.image
              ? `${p.name} · ${selected.color}`
              : p.name
          }
          onShow={setPicked}
        />
        <div className="stack" ref={buyBox}>
          <h1>{p.name}</h1>
          {store && (
            <p className="small product-seller">
              {t('product.soldBy')} <Link to="/proveedor">{store.nombretienda}</Link>
              <VerifiedBadge icon={store.verificationIcon} label={t('product.verifiedSeller')} />
              <SupplierBadges />
            </p>
          )}
          {p.ratingCount > 0 && <Stars value={p.ratingAvg} count={p.ratingCount} />}
          <div>
            <Price cents={variant?.priceCents ?? p.priceCents} compareAtCents={p.compareAtCents} />
          </div>
          <p>{p.shortDescription}</p>
          {p.optionNames.map((name) => (
            <fieldset key={name} className="option-group">
              <legend>
                {formatOptionName(t, name)}
                {selected[name] ? `: ${selected[name]}` : ''}
              </legend>
              <div className="option-list">
                {values(name).map((v) => (
                  <label key={v}>
                    <input
                      type="radio"
                      name={name}
                      value={v}
                      checked={selected[name] === v}
                      disabled={!available(name, v)}
                      onChange={() => {
                        choose({ ...selected, [name]: v });
                        setMessage(null);
                      }}
                    />
                    <span>{v}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {variant && variant.stock <= 0 && <Alert kind="warning">{t('stock.none')}</Alert>}
          {variant && variant.stock > 0 && variant.stock <= 5 && (
            <p className="small stock-few">{t('stock.few', { count: variant.stock })}</p>
          )}
          {min > 1 && <p className="small muted">{t('stock.minimum', { count: min })}</p>}
          <div className="row">
            <div className="qty" role="group" aria-label={t('product.quantity')}>
              <button type="button" onClick={() => setQty(Math.max(1, qty - 1))} aria-label={t('product.less')}>
                −
              </button>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={Math.max(1, left)}
                value={qty}
                aria-label={t('product.quantity')}
                onChange={(e) => setQty(Math.max(1, Math.floor(Number(e.target.value) || 1)))}
              />
              <button type="button" onClick={() => setQty(qty + 1)} aria-label={t('product.more')}>
                +
              </button>
            </div>
            <Button onClick={add} disabled={!variant || variant.stock <= 0}>
              {t('product.addToCart')}
            </Button>
          </div>
          {message && (
            <Alert kind={message.kind}>
              {message.text}
              {message.kind === 'success' && (
                <>
                  {' '}
                  · <Link to={paths.cart()}>{t('product.goToCart')}</Link>
                </>
              )}
            </Alert>
          )}
          <p className="small muted">
            {variant
              ? `${t('product.sku')}: ${variant.sku} · ${money(variant.priceCents)}`
              : t('product.chooseOptions')}
          </p>
          <p className="small">
            {t('product.quoteAsk')} <Link to={paths.quoteRequest(p.codigo)}>{t('product.quoteLink')}</Link>
          </p>
          <p className="small">
            {t('product.messageAsk')}{' '}
            <Link to={`/messages?producto=${encodeURIComponent(p.codigo)}`}>{t('product.messageLink')}</Link>
          </p>
          <button
            type="button"
            className="btn btn-ghost small"
            aria-expanded={Boolean(reporting && 'codigo' in reporting)}
            onClick={() => setReporting({ codigo: p.codigo, heading: t('product.report') })}
          >
            {t('product.report')}
          </button>
          {reporting && 'codigo' in reporting && (
            <Suspense fallback={<Loading />}>
              <ReportForm
                target={{ codigo: reporting.codigo }}
                heading={reporting.heading}
                onClose={() => setReporting(null)}
              />
            </Suspense>
          )}
        </div>
      </div>
      <section className="section">
        <Tabs label={t('product.tabsLabel')} tabs={tabs} />
      </section>
    </div>
  );
}

/**
 * The product's photos (decision 045): the shown one large (the page's largest image, asked for first), and, when there
 * are several, a row of thumbnails to pick another (buttons: a tap, a click, Enter or Space). Phone first: the row
 * scrolls sideways and each thumbnail is a 64 px target. (No swipe on the large photo: its handler would cost the
 * storefront's first load about 0.1 KB of a budget with none to spare, decision 088.)
 * Thumbnails are the 160 px size and load lazily, so the large photo keeps the network to itself (decisions 084, 088).
 */
function Gallery({
  photos,
  shown,
  alt,
  onShow,
}: {
  photos: string[];
  shown: string | null;
  alt: string;
  onShow: (photo: string) => void;
}) {
  const { t } = useTranslation('storefront');
  return (
    <div className="product-gallery">
      <div className="product-media">
        <ProductImage key={shown ?? ''} base={shown} alt={alt} sizes="(min-width: 900px) 50vw, 100vw" priority />
      </div>
      {photos.length > 1 && (
        <ul className="gallery-thumbs" aria-label={t('product.photos')}>
          {photos.map((photo, i) => (
            <li key={photo}>
              <button
                type="button"
                aria-label={t('product.photoN', { n: i + 1, total: photos.length })}
                aria-current={photo === shown || undefined}
                onClick={() => onShow(photo)}
              >
                <img src={`${photo}-160.webp`} alt="" width={64} height={64} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
