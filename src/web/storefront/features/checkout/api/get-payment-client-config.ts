/** Which provider (decision 056) the checkout page confirms cards with, before any order exists. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as checkoutRoutes from '../../../../../shared/routes/checkout';

/** GET /api/payments/client-config: the sandbox's card fields, or Stripe Elements with Stripe's publishable key. */
export const paymentClientConfigQuery = queryOptions({
  queryKey: ['payments', 'client-config'],
  queryFn: () => call(checkoutRoutes.paymentClientConfig),
  staleTime: Infinity,
});
