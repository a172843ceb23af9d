/**
 * Access tokens in localStorage. The storefront and the admin keep separate keys
 * (decision 003) so a seller testing their own store as a buyer keeps both sessions.
 */
export const STOREFRONT_TOKEN_KEY = 'access_token';
export const ADMIN_TOKEN_KEY = 'admin_access_token';

export type Area = 'storefront' | 'admin';

export function areaOf(pathname: string): Area {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'storefront';
}

export function getToken(area: Area = areaOf(location.pathname)): string | null {
  return localStorage.getItem(area === 'admin' ? ADMIN_TOKEN_KEY : STOREFRONT_TOKEN_KEY);
}

export function setToken(area: Area, token: string | null): void {
  const key = area === 'admin' ? ADMIN_TOKEN_KEY : STOREFRONT_TOKEN_KEY;
  if (token) localStorage.setItem(key, token);
  else localStorage.removeItem(key);
}
