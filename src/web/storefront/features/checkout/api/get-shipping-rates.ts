/** /micarrito/envio: the shipping options for the cart to a postal code. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { CartLineInput } from '../../../shared/api/get-cart-quote';
import type { RateServiceResponse } from '../../../../../shared/contracts/checkout';

/** POST /api/reseller/packaging/rate-service (throttled per path like a read, decision 007). */
export const shippingRatesQuery = (postalCode: string | undefined, items: CartLineInput[]) =>
  queryOptions({
    queryKey: queryKeys.shippingRates(postalCode, items),
    queryFn: () =>
      api.post<RateServiceResponse>(
        '/api/reseller/packaging/rate-service',
        { postalCode, items },
        { redirectOn404: false },
      ),
    enabled: Boolean(postalCode) && items.length > 0,
  });
