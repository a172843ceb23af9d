/** /api/visto: a product page counts a view. */
import { call } from '../../../../lib/api-client';
import * as analyticsRoutes from '../../../../../shared/routes/analytics';

/** POST /api/visto. Best effort: a failure (or the throttle's refusal) is ignored. */
export function recordProductView(codigo: string): void {
  call(analyticsRoutes.recordProductView, { body: { codigo }, redirectOn404: false }).catch(() => undefined);
}
