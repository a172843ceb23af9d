/** URLs of the route table's operations (decision 126). */
import type { RouteRef } from '../../shared/routes/op';

/** The path of a route with its `:param` segments filled (each value URI-encoded). Throws when one is missing. */
export function routeUrl(route: RouteRef, params: object = {}): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
    const value = (params as Record<string, unknown>)[key];
    if (value === undefined || value === null) throw new Error(`${route.name}: missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
