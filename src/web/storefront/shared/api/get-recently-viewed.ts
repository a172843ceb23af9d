/** The recently viewed products' current cards (`vistosrecientes`, /api/getVistos). */
import { api } from '../../../lib/api-client';
import type { ProductCard } from '../../../../shared/contracts/common';

/** POST /api/getVistos with the codes joined by commas: the current cards of recently viewed products. */
export function fetchRecentlyViewed(codes: string[]): Promise<ProductCard[]> {
  return api.post<ProductCard[]>('/api/getVistos', { codigosStrings: codes.join(',') }, { redirectOn404: false });
}
