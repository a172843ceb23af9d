/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Which browser bundle this is (vite.config.ts, decision 077): `storefront` (preact/compat, store domains),
   * `admin` (React 19, platform domain and `/admin`) or `all` (`npm run dev`, tests, the server bundle).
   */
  readonly VITRINA_BUNDLE: 'storefront' | 'admin' | 'all';
}
