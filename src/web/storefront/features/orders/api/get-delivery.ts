/** The proof of delivery of the buyer's order: GET /api/pedidos/:id/delivery[?viewToken=]. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { DeliveryProofView } from '../../../../../shared/contracts/balances';

export const deliveryQuery = (id: string, viewToken?: string) =>
  queryOptions({
    queryKey: queryKeys.orders.delivery(id, viewToken),
    queryFn: () =>
      api.get<{ proof: DeliveryProofView | null }>(`/api/pedidos/${encodeURIComponent(id)}/delivery`, {
        query: { viewToken },
      }),
    enabled: Boolean(id),
  });
