/** Business constants and limits of SPEC §9, plus the page sizes and fees SPEC leaves "not shown" (docs/decisions). */

/** Client throttle: GETs and the listed paths may run 3 times per path per 3000 ms (SPEC §9). */
export const THROTTLE_MAX_PER_WINDOW = 3;
export const THROTTLE_WINDOW_MS = 3000;
/** Any other non-GET request needs 3000 ms since the last such request, across all paths (SPEC §9). */
export const THROTTLE_MUTATION_GAP_MS = 3000;
/** Script chunk load timeout (SPEC §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** OXXO cash vouchers are valid 3 days (SPEC §9). */
export const OXXO_VOUCHER_VALID_DAYS = 3;
/** Default OXXO fee a store charges, centavos (decision 004). */
export const DEFAULT_OXXO_FEE_CENTS = 1500;
/** Search results per page (decision 005). */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MAX_PAGE_SIZE = 60;
/** Image upload limits (SPEC §5, §9). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIN_SIDE_PX = 350;
/** Largest quantity of one line in one order. */
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 100;
/** Recently viewed list length kept in localStorage `vistosrecientes`. */
export const RECENTLY_VIEWED_MAX = 12;
/** Searched words kept in localStorage `palabrasbuscadas`. */
export const SEARCHED_WORDS_MAX = 10;
/** Password reset links expire after 1 hour. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Sessions last 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;
/** Caps bcrypt-style DoS: long passwords are hashed slowly (OWASP). */
export const PASSWORD_MAX_LENGTH = 128;
/** Default country code of pickups (SPEC §9). */
export const DEFAULT_COUNTRY_CODE = 'MX';
