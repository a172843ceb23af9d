/** Paying with the wallet (PayPal, or the sandbox's stand-in; decision 071) on the payment page. */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { walletTokenKey } from './wallet-return-page';
import type { PlaceOrderResponse } from '../../../../shared/contracts/checkout';
import type { PaymentForm } from './card-payment';

/** The wallet's choice among the payment methods (shown when the store has one). */
export function WalletOption({ form }: { form: PaymentForm }) {
  const { t: tw } = useTranslation('wallet');
  return (
    <label className="radio-card">
      <input type="radio" value="paypal" {...form.register('method')} />
      <span>
        <strong>{tw('method')}</strong>
        <span className="small muted" style={{ display: 'block' }}>
          {tw('methodText')}
        </span>
      </span>
    </label>
  );
}

/** How paying with the wallet goes, shown while it is chosen. */
export function WalletHowTo() {
  const { t: tw } = useTranslation('wallet');
  return <Alert kind="info">{tw('howTo')}</Alert>;
}

/**
 * The wallet's approval page: the browser leaves the store for it (PayPal's, or the sandbox's stand-in). A guest's view
 * token stays in this tab's storage for the return page, so it never travels in PayPal's URLs.
 */
export function goToWallet(placed: PlaceOrderResponse, approveUrl: string) {
  try {
    sessionStorage.setItem(walletTokenKey(placed.order.id), placed.viewToken);
  } catch {
    // Storage refused (private mode): a signed-in buyer reads the order anyway; a guest gets the emailed link.
  }
  window.location.assign(approveUrl);
}
