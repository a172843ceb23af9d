/** A postal code's state, municipality, city and colonias (SEPOMEX). */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { PostalCodeLookup } from '../../../../../shared/contracts/accounts';

/** GET /api/postal-codes/:cp, for 5 digits only; 404 POSTAL_CODE_NOT_FOUND is shown under the field, never a redirect. */
export const postalCodeQuery = (cp: string) =>
  queryOptions({
    queryKey: queryKeys.postalCode(cp),
    queryFn: () => api.get<PostalCodeLookup>(`/api/postal-codes/${cp}`, { redirectOn404: false }),
    enabled: /^\d{5}$/.test(cp),
    retry: false,
    staleTime: Infinity,
  });
