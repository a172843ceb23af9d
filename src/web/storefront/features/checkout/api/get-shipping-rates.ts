/** /micarrito/envio: the shipping options for the cart to a postal code. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as shippingRoutes from '../../../../../shared/routes/shipping';
import { queryKeys } from '../../../../lib/query-keys';
import type { CartLineInput } from '../../../shared/api/get-cart-quote';

/** POST /api/reseller/packaging/rate-service (throttled per path like a read, decision 007). */
export const shippingRatesQuery = (postalCode: string | undefined, items: CartLineInput[]) =>
  queryOptions({
    queryKey: queryKeys.shippingRates(postalCode, items),
    queryFn: () =>
      call(shippingRoutes.quoteShipping, { body: { postalCode: postalCode ?? '', items }, redirectOn404: false }),
    enabled: Boolean(postalCode) && items.length > 0,
  });
