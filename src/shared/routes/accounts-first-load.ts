/**
 * The accounts route every storefront page calls at its first load: who is signed in (the header, and the API client's
 * 401 handling). It is kept apart from accounts.ts because the bundler puts a module whole in one chunk, with every
 * constant any chunk uses of it, and a module the entry imports in the entry chunk: were it in accounts.ts, this one
 * import would bring the sign-in, address and password-reset routes of the lazy account pages into every first load.
 * Its schema is in accounts.ops.ts with the module's others.
 */
export const currentUser = { name: 'currentUser', method: 'GET', path: '/api/user' } as const;
