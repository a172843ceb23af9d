/**
 * /micarrito/envio: economical, package or pickup at branch, priced for the cart and postal code; for a cart that ships
 * in several packages (a supplier's products), each package's price and estimate under the chosen service.
 */
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useShop } from '../../../state/shop-store';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useMoney } from '../../../components/ui/price';
import { CheckoutSteps } from '../../components/checkout-steps';
import { cartLines } from '../../shared/api/get-cart-quote';
import { shippingRatesQuery } from './api/get-shipping-rates';
import { pickupBranchQuery } from './api/get-pickup-branch';
import type { PickupBranch } from '../../../../shared/contracts/pickups';
import type { ShippingQuote } from '../../../../shared/contracts/checkout';

/** "Deportes Rosa, Calle Morelos 120, Centro, Guadalajara, Jalisco 44100 · lunes, miércoles y viernes desde las 11:30". */
function BranchText({ branch }: { branch: NonNullable<PickupBranch['branch']> }) {
  const { t, i18n } = useTranslation('checkout');
  const list = new Intl.ListFormat(i18n.language === 'en' ? 'en' : 'es', { type: 'conjunction' });
  const place = [
    branch.companyName,
    ...branch.streetLines,
    branch.city,
    [branch.state, branch.postalCode].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const days = list.format(branch.days.map((d) => t(`shipping.dayNames.${d}`)));
  return (
    <span className="small muted" style={{ display: 'block' }}>
      {place}
      <br />
      {branch.days.length
        ? t('shipping.branchHours', { days, hour: branch.hour })
        : t('shipping.branchFrom', { hour: branch.hour })}
    </span>
  );
}

/** A cart with a supplier's products ships in several packages: each one's price and estimate, and their total. */
function PackagesNote({ quote }: { quote: ShippingQuote }) {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const packages = quote.paquetes ?? [];
  return (
    <section className="card stack" aria-labelledby="packages-note" data-testid="shipping-packages">
      <h2 id="packages-note" style={{ margin: 0, fontSize: '1rem' }}>
        {t('shipping.packages', { count: packages.length })}
      </h2>
      <dl className="money-lines">
        {packages.map((p, i) => (
          <div key={i} className="money-line">
            <dt>
              {t('shipping.packageLine', { n: i + 1 })}
              <span className="small muted" style={{ display: 'block' }}>
                {t('shipping.days', { min: p.minDays, max: p.maxDays, count: p.maxDays })}
              </span>
            </dt>
            <dd>{p.precio === 0 ? t('summary.free') : money(p.precio)}</dd>
          </div>
        ))}
        <div className="money-line result">
          <dt>{t('shipping.packagesTotal')}</dt>
          <dd>{quote.precio === 0 ? t('summary.free') : money(quote.precio)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function ShippingPage() {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const navigate = useNavigate();
  const { cart, address, shipping, setShipping } = useShop();
  const rates = useQuery(shippingRatesQuery(address?.postalCode, cartLines(cart)));
  const branch = useQuery(pickupBranchQuery());
  const chosen = rates.data?.find((r) => r.servicio === shipping.servicio);
  if (!address)
    return (
      <div className="container page">
        <Alert kind="info">
          {t('shipping.needAddress')} <Link to={paths.checkoutAddress()}>{t('shipping.goToAddress')}</Link>
        </Alert>
      </div>
    );
  return (
    <div className="container page">
      <CheckoutSteps current="shipping" />
      <h1>{t('shipping.title')}</h1>
      <p className="muted">
        {t('shipping.to', {
          place: `${address.neighborhood}, ${address.postalCode} ${address.municipality}, ${address.state}`,
        })}{' '}
        · <Link to={paths.checkoutAddress()}>{t('shipping.change')}</Link>
      </p>
      {rates.isPending && (
        <p role="status" className="muted">
          {t('shipping.loading')}
        </p>
      )}
      {rates.isError && <Alert kind="error">{rates.error.message}</Alert>}
      {rates.data && (
        <fieldset className="stack" style={{ border: 0, padding: 0 }}>
          <legend className="visually-hidden">{t('shipping.title')}</legend>
          {rates.data.map((r) => (
            <label key={r.servicio} className="radio-card">
              <input
                type="radio"
                name="servicio"
                value={r.servicio}
                checked={shipping.servicio === r.servicio}
                onChange={() =>
                  setShipping({
                    proveedor: r.proveedor,
                    servicio: r.servicio,
                    precio: r.precio,
                    descripcion: t(`shipping.services.${r.servicio}`),
                    entrega: t('shipping.days', { min: r.minDays, max: r.maxDays, count: r.maxDays }),
                  })
                }
              />
              <span style={{ flex: 1 }}>
                <strong>{t(`shipping.services.${r.servicio}`)}</strong>
                {r.servicio === 'pickup' && branch.data?.branch ? (
                  <BranchText branch={branch.data.branch} />
                ) : (
                  <span className="small muted" style={{ display: 'block' }}>
                    {r.servicio === 'pickup'
                      ? t('shipping.pickupText')
                      : `${r.proveedor} · ${t('shipping.days', { min: r.minDays, max: r.maxDays, count: r.maxDays })}`}
                  </span>
                )}
              </span>
              <strong>{r.precio === 0 ? t('summary.free') : money(r.precio)}</strong>
            </label>
          ))}
          {chosen?.paquetes && chosen.paquetes.length > 1 && <PackagesNote quote={chosen} />}
        </fieldset>
      )}
      <div className="row" style={{ marginTop: '1rem' }}>
        <Link className="btn btn-secondary" to={paths.checkoutAddress()}>
          {t('back')}
        </Link>
        <span className="spacer" />
        <Button onClick={() => navigate(paths.checkoutPayment())} disabled={!shipping.servicio}>
          {t('shipping.continue')}
        </Button>
      </div>
    </div>
  );
}
