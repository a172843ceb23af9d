/** Where the e2e server of playwright.config.ts listens, and the URLs of its stores (on *.localhost) and platform. */

/** The server's port, chosen by playwright.config.ts. */
export const PORT = Number(process.env.E2E_PORT ?? 3000);
/** The server's DATA_DIR (its outbox, its uploads, and the secret `npm run oxxo:pay` signs with). */
export const DATA_DIR = process.env.E2E_DATA_DIR ?? './data';
/** The client throttle lets a state-changing request run 3 s after the previous one; a bit more than that. */
export const THROTTLE_GAP_MS = 3100;
/** A page of a store: 'demo' and 'hogar' are the demo seed's, any other slug a factory store's. */
export const storeUrl = (slug: string, path = '/') => `http://${slug}.localhost:${PORT}${path}`;
/** A page of the platform (admin, sign-up of sellers). */
export const platformUrl = (path = '/') => `http://localhost:${PORT}${path}`;
/** The API as a test (Node) calls it; the store is chosen by the x-store-domain header. */
export const apiUrl = (path: string) => `http://127.0.0.1:${PORT}${path}`;
