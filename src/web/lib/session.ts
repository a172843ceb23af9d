/**
 * Access tokens in localStorage. The storefront and the admin keep separate keys
 * (decision 003) so a seller testing their own store as a buyer keeps both sessions.
 */
export const STOREFRONT_TOKEN_KEY = 'access_token';
export const ADMIN_TOKEN_KEY = 'admin_access_token';
/** The platform operator's session (decision 163): a key of its own, sent only from /operador pages. */
export const OPERATOR_TOKEN_KEY = 'operator_access_token';

export type Area = 'storefront' | 'admin' | 'operator';

export function areaOf(pathname: string): Area {
  if (pathname === '/operador' || pathname.startsWith('/operador/')) return 'operator';
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'storefront';
}

const KEYS: Record<Area, string> = {
  storefront: STOREFRONT_TOKEN_KEY,
  admin: ADMIN_TOKEN_KEY,
  operator: OPERATOR_TOKEN_KEY,
};

export function getToken(area: Area = areaOf(location.pathname)): string | null {
  return localStorage.getItem(KEYS[area]);
}

export function setToken(area: Area, token: string | null): void {
  const key = KEYS[area];
  if (token) localStorage.setItem(key, token);
  else localStorage.removeItem(key);
}
