/** Business constants and limits, plus the page sizes and fees set by our decisions (docs/decisions). */

/** Client throttle: GETs and the listed paths may run 3 times per path per 3000 ms. */
export const THROTTLE_MAX_PER_WINDOW = 3;
export const THROTTLE_WINDOW_MS = 3000;
/** Any other non-GET request needs 3000 ms since the last such request, across all paths. */
export const THROTTLE_MUTATION_GAP_MS = 3000;
/** Script chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** OXXO cash vouchers are valid 3 days. */
export const OXXO_VOUCHER_VALID_DAYS = 3;
/** Default OXXO fee a store charges, centavos (decision 004). */
export const DEFAULT_OXXO_FEE_CENTS = 1500;
/** Search results per page (decision 005). */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MAX_PAGE_SIZE = 60;
/** Largest quantity of one line in one order. */
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 100;

/*
 * Money and stock limits (decision 028; docs/security.md "Money and stock"). An unpaid order holds stock that
 * nobody else can buy, so what one unpaid order and one visitor can hold is bounded; the server enforces every one.
 */
/**
 * Largest order total, centavos (MX$1,000,000). Far below 2^53 (money columns are bigint) and above any card sale a
 * Mexican issuer usually authorises at once; a larger purchase is a quotation, not a checkout. Checked before any
 * stock is reserved (ORDER_TOTAL_TOO_HIGH).
 */
export const MAX_ORDER_TOTAL_CENTS = 100_000_000;
/** Largest OXXO voucher, centavos (MX$10,000): the limit OXXO sets for one cash payment, as Stripe documents it. */
export const OXXO_MAX_AMOUNT_CENTS = 1_000_000;
/**
 * Largest quantity of one line in an OXXO order: a voucher holds its stock for 3 days, so one anonymous order must not
 * take a variant's whole stock off sale. Ten covers a family's purchase; more is a wholesale order paid by card.
 */
export const MAX_UNPAID_LINE_QUANTITY = 10;
/** Unpaid (pending) orders one email may have open in a store at once. */
export const MAX_UNPAID_ORDERS_PER_EMAIL = 3;
/**
 * Unpaid orders one client IP may have open in a store at once. Higher than per email: Mexican mobile carriers put
 * many shoppers behind one address (CGNAT), and the email limit already binds each shopper.
 */
export const MAX_UNPAID_ORDERS_PER_IP = 10;
/**
 * Stock hoarding (decision 097): what one unpaid order and one client may hold in a store, by default; each store may
 * change them within the ranges below (/admin/ventas). Every order is unpaid when it is placed, so the caps apply to
 * every checkout; OXXO orders also keep MAX_UNPAID_LINE_QUANTITY. One anonymous card order used to hold every unit of
 * 41 variants (1,110 units) for 15 minutes without paying.
 */
export const DEFAULT_MAX_UNITS_PER_LINE = 20;
export const DEFAULT_MAX_UNITS_PER_ORDER = 50;
/**
 * Units one email may hold across all its unpaid orders in a store: two full orders. One client address may hold
 * CLIENT_ADDRESS_UNITS_FACTOR times as many: Mexican carriers put many shoppers behind one address (CGNAT).
 */
export const DEFAULT_MAX_HELD_UNITS_PER_CLIENT = 100;
export const CLIENT_ADDRESS_UNITS_FACTOR = 3;
/**
 * How long a card or wallet order holds its stock until its payment is confirmed, and while 3-D Secure is unanswered:
 * the browser confirms the card within seconds and a bank challenge takes a minute or two. Also the hold of an OXXO
 * order until its voucher exists (created in the same request). Then the sweep frees the stock.
 */
export const DEFAULT_CARD_HOLD_MINUTES = 10;
/** The ranges a seller may set (the database checks them too). */
export const ORDER_LIMIT_RANGES = {
  maxUnitsPerLine: { min: 1, max: 999 },
  maxUnitsPerOrder: { min: 1, max: 9_999 },
  maxHeldUnitsPerClient: { min: 1, max: 99_999 },
  cardHoldMinutes: { min: 5, max: 60 },
} as const;
/** The default card hold in milliseconds (a store may set its own: DEFAULT_CARD_HOLD_MINUTES). */
export const UNCONFIRMED_HOLD_MS = DEFAULT_CARD_HOLD_MINUTES * 60_000;
/** How long a duplicate submit (double click, retry) waits for the first one with the same key to finish. */
export const IDEMPOTENCY_WAIT_MS = 20_000;
/** Recently viewed list length kept in localStorage `vistosrecientes`. */
export const RECENTLY_VIEWED_MAX = 12;
/** Searched words kept in localStorage `palabrasbuscadas`. */
export const SEARCHED_WORDS_MAX = 10;
/** Password reset links expire after 1 hour. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** How long an email-verification link of a new seller stays valid (decision 100): 48 hours. */
export const VERIFY_LINK_TTL_MS = 48 * 60 * 60 * 1000;
/** How long the link that confirms a buyer's new email stays valid: 24 hours, then the change is asked again. */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Saved addresses a buyer may keep in a store's address book (enough for home, work and family; bounds the list). */
export const MAX_ADDRESSES_PER_BUYER = 10;
/** Sessions last 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;
/** Caps bcrypt-style DoS: long passwords are hashed slowly (OWASP). */
export const PASSWORD_MAX_LENGTH = 128;
/** Search synonyms a seller may define: groups per store, words per group, letters per word. */
export const SYNONYM_GROUPS_MAX = 300;
export const SYNONYM_GROUP_MAX_WORDS = 10;
export const SYNONYM_WORD_MAX_LENGTH = 30;

/** Buyer-seller messages (`/messages`): characters of one message's text, plain. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Messages one sender may send per minute, across every conversation (then 429 RATE_LIMITED). */
export const MESSAGES_PER_MINUTE = 60;
/** Messages one thread answer or stream catch-up carries at most (the newest of the thread). */
export const MESSAGE_PAGE_SIZE = 200;
/** A party who has not seen a message this many minutes after it was sent gets an email notice... */
export const MESSAGE_NOTICE_AFTER_MINUTES = 10;
/** ...and at most one per conversation within this many minutes. */
export const MESSAGE_NOTICE_GAP_MINUTES = 60;
/** A review's title and comment, characters (plain text; decision 157). */
export const REVIEW_TITLE_MAX_LENGTH = 80;
export const REVIEW_COMMENT_MIN_LENGTH = 10;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;
/** Photos one review may carry (each through the files module's upload checks). */
export const REVIEW_PHOTOS_MAX = 4;
/** A buyer may edit their review this many days after writing it; deleting has no limit. */
export const REVIEW_EDIT_DAYS = 30;
/** A new or edited review waits this long before the publishing job checks and publishes it (decision 157). */
export const REVIEW_PUBLISH_DELAY_MINUTES = 10;
/** The store's public answer to a review, characters. */
export const REVIEW_ANSWER_MAX_LENGTH = 1000;
/** A shopper's words on a report of a review or a product, characters. */
export const REPORT_DETAILS_MAX_LENGTH = 500;
