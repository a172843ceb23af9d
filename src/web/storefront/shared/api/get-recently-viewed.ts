/** The recently viewed products' current cards (`vistosrecientes`, /api/getVistos). */
import { call } from '../../../lib/api-client';
import * as analyticsRoutes from '../../../../shared/routes/analytics';
import type { ProductCard } from '../../../../shared/contracts/common';

/** POST /api/getVistos with the codes joined by commas: the current cards of recently viewed products. */
export function fetchRecentlyViewed(codes: string[]): Promise<ProductCard[]> {
  return call(analyticsRoutes.recentlyViewed, { body: { codigosStrings: codes.join(',') }, redirectOn404: false });
}
