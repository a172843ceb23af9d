/** /api/visto: a product page counts a view. */
import { api } from '../../../../lib/api-client';

/** POST /api/visto. Best effort: a failure (or the throttle's refusal) is ignored. */
export function recordProductView(codigo: string): void {
  api.post('/api/visto', { codigo }, { redirectOn404: false }).catch(() => undefined);
}
