/** Routes of a store's domains: the admin's Dominios page and the TLS proxy's question. Schemas in domains.ops.ts. */
export const listDomains = { name: 'listDomains', method: 'GET', path: '/api/admin/domains' } as const;
export const addDomain = { name: 'addDomain', method: 'POST', path: '/api/admin/domains' } as const;
export const verifyDomain = { name: 'verifyDomain', method: 'POST', path: '/api/admin/domains/:id/verify' } as const;
export const activateDomain = {
  name: 'activateDomain',
  method: 'POST',
  path: '/api/admin/domains/:id/activate',
} as const;
export const makeDomainPrimary = {
  name: 'makeDomainPrimary',
  method: 'POST',
  path: '/api/admin/domains/:id/primary',
} as const;
export const removeDomain = { name: 'removeDomain', method: 'DELETE', path: '/api/admin/domains/:id' } as const;
export const tlsAsk = { name: 'tlsAsk', method: 'GET', path: '/api/platform/tls/ask' } as const;
