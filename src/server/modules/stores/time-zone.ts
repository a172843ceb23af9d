/**
 * The time zone a store's days are counted in (the dashboard's "Pedidos de hoy"): the store's `settings.timeZone`,
 * else Mexico City's. Never the server's clock zone, which is UTC in a container.
 */
import type { StoreSettings } from '../../db/schema/stores.js';

export const DEFAULT_STORE_TIME_ZONE = 'America/Mexico_City';

/** The store's IANA time zone; an unknown name falls back to the default rather than failing a page. */
export function storeTimeZone(settings: StoreSettings | null | undefined): string {
  const zone = settings?.timeZone;
  if (!zone) return DEFAULT_STORE_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_STORE_TIME_ZONE;
  }
}
