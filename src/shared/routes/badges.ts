/** Routes of supplier badges (decisions 165, 166): the seller's requests and the storefront's badges. Schemas in badges.ops.ts. */
export const getBadgeState = { name: 'getBadgeState', method: 'GET', path: '/api/proveedor/badges' } as const;
export const requestVerifiedBadge = {
  name: 'requestVerifiedBadge',
  method: 'POST',
  path: '/api/proveedor/badges/verified',
} as const;
export const requestAuditedBadge = {
  name: 'requestAuditedBadge',
  method: 'POST',
  path: '/api/proveedor/badges/audited',
} as const;
export const publicBadges = { name: 'publicBadges', method: 'GET', path: '/api/reseller/badges' } as const;
