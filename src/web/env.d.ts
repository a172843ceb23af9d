/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Which browser bundle this is (vite.config.ts, decision 077): `storefront` (preact/compat, store domains),
   * `admin` (React 19, platform domain and `/admin`) or `all` (the server bundle). `npm run dev` runs the storefront
   * and admin configurations as they are built (decision 131).
   */
  readonly VITRINA_BUNDLE: 'storefront' | 'admin' | 'all';
}
