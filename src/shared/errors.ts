/**
 * Error codes shared by server and web. The server answers `{ code, message, params?, fields? }`;
 * the web translates `errors:<code>` with `params`. HTTP status per code is fixed here.
 * 402 is reserved for a suspended store account (the web app redirects to /account_suspended on 402),
 * so a declined payment is a 422, never a 402.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  /** A payment webhook whose signature is missing, wrong or too old. */
  WEBHOOK_SIGNATURE_INVALID: 400,
  /** A correctly signed payment webhook whose event lacks what the app reads (a payment without its amount or type). */
  WEBHOOK_PAYLOAD_INVALID: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_SUSPENDED: 402,
  FORBIDDEN: 403,
  WEBSITE_DEACTIVATED: 403,
  /** A store whose owner has not verified their email yet: its storefront is not public (decision 100). */
  STORE_NOT_PUBLISHED: 403,
  NOT_FOUND: 404,
  STORE_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  /** The product editor was asked to change a dropshipping listing's product (edited in Dropshipping instead). */
  PRODUCT_IS_LISTING: 409,
  ORDER_NOT_FOUND: 404,
  /** A package of an order that is not this store's to see (decision 135). */
  FULFILMENT_NOT_FOUND: 404,
  ADDRESS_NOT_FOUND: 404,
  POSTAL_CODE_NOT_FOUND: 404,
  PAYMENT_NOT_FOUND: 404,
  COUPON_NOT_FOUND: 404,
  SYNONYM_GROUP_NOT_FOUND: 404,
  /** An upload that is not of the seller's store (or a private document's record that has no content). */
  FILE_NOT_FOUND: 404,
  /** A background job's progress (GET /api/admin/jobs/:id) that is not of the seller's store, or does not exist. */
  JOB_NOT_FOUND: 404,
  /** Catalogue CSV import and export (decision 063): over 5 MB; not a UTF-8 CSV; without Handle or Title. */
  CSV_TOO_LARGE: 413,
  CSV_INVALID: 422,
  CSV_MISSING_COLUMNS: 422,
  /** A bad line of an imported CSV (job progress errors, params { field, reason }). */
  CSV_ROW_INVALID: 422,
  /** An export's file asked for before its job finished. */
  CSV_NOT_READY: 409,
  /** A CSV job that failed for a reason other than its rows. */
  CSV_JOB_FAILED: 503,
  EMAIL_TAKEN: 409,
  COUPON_CODE_TAKEN: 409,
  PRODUCT_NOT_AVAILABLE: 409,
  INSUFFICIENT_STOCK: 409,
  OUT_OF_STOCK: 409,
  PRICE_CHANGED: 409,
  INVALID_TRANSITION: 409,
  PAYMENT_ALREADY_PROCESSED: 409,
  /** A concurrent change won (a leftover unique violation or a deadlock that retries could not resolve). */
  CONFLICT: 409,
  /** The first submit with this idempotency key is still being processed. */
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  OXXO_VOUCHER_EXPIRED: 410,
  RESET_LINK_EXPIRED: 410,
  /** An email-verification link that is unknown, used or expired (decision 100). */
  VERIFICATION_LINK_EXPIRED: 410,
  STORE_FLOOR_CODE_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** Uploads: over 5 MB; no file; not an allowed type; a main photo too small or not 3:4-4:3. */
  FILE_TOO_LARGE: 413,
  FILE_REQUIRED: 400,
  FILE_NOT_IMAGE: 415,
  FILE_NOT_IMAGE_OR_PDF: 415,
  IMAGE_TOO_SMALL: 422,
  /** An image with more pixels than MAX_INPUT_PIXELS (decision 105), refused from its header before decoding. */
  IMAGE_TOO_MANY_PIXELS: 422,
  IMAGE_ASPECT_RATIO: 422,
  /** A form points at a file that is not an upload of this store for that use. */
  FILE_REFERENCE_INVALID: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MIN_ORDER_QUANTITY: 422,
  INVALID_PHONE: 422,
  PASSWORDS_DO_NOT_MATCH: 422,
  PASSWORD_TOO_WEAK: 422,
  PASSWORD_BREACHED: 422,
  COUPON_NOT_VALID: 422,
  /** A coupon's new use limit is under the uses orders already hold. */
  COUPON_MAX_USES_BELOW_USES: 422,
  CART_EMPTY: 422,
  SHIPPING_NOT_AVAILABLE: 422,
  ADDRESS_REQUIRED: 422,
  PAYMENT_DECLINED: 422,
  /** POST /api/pedido was sent card data: the card goes to the payment provider from the browser (decision 086). */
  CARD_DATA_NOT_ACCEPTED: 422,
  THREE_D_SECURE_FAILED: 422,
  PAYMENT_REFUND_FAILED: 422,
  /** The same idempotency key was sent with a different order. */
  IDEMPOTENCY_KEY_REUSED: 422,
  ORDER_TOTAL_TOO_HIGH: 422,
  OXXO_AMOUNT_TOO_HIGH: 422,
  UNPAID_LINE_LIMIT: 422,
  UNPAID_ORDERS_LIMIT: 422,
  /** Stock hoarding (decision 097): a line, an unpaid order, or one client's unpaid orders above the store's caps. */
  LINE_UNITS_LIMIT: 422,
  ORDER_UNITS_LIMIT: 422,
  HELD_UNITS_LIMIT: 422,
  SYNONYM_LIMIT_REACHED: 422,
  /** Identity. */
  STORE_NOT_SELECTED: 403,
  INVITATION_EMAIL_MISMATCH: 403,
  MEMBER_NOT_FOUND: 404,
  SLUG_TAKEN: 409,
  ALREADY_MEMBER: 409,
  INVITATION_INVALID: 410,
  OWNER_CANNOT_CHANGE: 422,
  /** The store's company profile lacks what product creation needs (decision 115); params.gaps lists it. */
  COMPANY_PROFILE_INCOMPLETE: 422,
  /** Balances: a payout needs the store's bank account and available money. */
  BANK_ACCOUNT_REQUIRED: 422,
  PAYOUT_NOTHING_AVAILABLE: 422,
  PAYOUT_EXCEEDS_AVAILABLE: 422,
  /** The bank account was replaced less than 24 hours ago (decision 091); params.until (ISO) and params.date. */
  PAYOUT_ON_HOLD: 422,
  /** A re-authentication (the owner's password asked again, as for a bank-account change) with a wrong password. */
  CURRENT_PASSWORD_INCORRECT: 422,
  /** The buyer's address book is full (params.max). */
  ADDRESS_LIMIT_REACHED: 409,
  /** An email-change link that is unknown, used, expired, or whose address was taken meanwhile. */
  EMAIL_CHANGE_LINK_EXPIRED: 410,
  /** Asking to change the email to the one the account already has. */
  EMAIL_UNCHANGED: 422,
  /** Proof of delivery of an order that cannot be delivered now (not on its way or ready for pickup). */
  DELIVERY_NOT_ALLOWED: 409,
  /** Refunds: of a card payment of an order on its way or delivered, at most what is left to refund. */
  REFUND_NOT_FOUND: 404,
  REFUND_NOT_ALLOWED: 409,
  /** A marketplace order ships package by package: its status follows them (decision 135). */
  ORDER_SHIPS_IN_PACKAGES: 409,
  /** A package that cannot move to that status now (shipped twice, rejected after shipping...). */
  FULFILMENT_TRANSITION: 409,
  REFUND_IN_PROGRESS: 409,
  REFUND_EXCEEDS_REFUNDABLE: 422,
  /** Line refunds (decision 147): a line that is not of this order (or, for a supplier, not its own). */
  ORDER_LINE_NOT_FOUND: 404,
  /** Units of a line that cannot be refunded now: the order unpaid or not paid by card or wallet, its package ended. */
  REFUND_LINE_NOT_ALLOWED: 409,
  /** More units than the line has left to refund (params.left). */
  REFUND_LINE_EXCEEDS_QUANTITY: 422,
  /** A party whose share a refund reverses no longer holds it (it was paid out). */
  REFUND_NOT_COVERED: 422,
  /** Refunding every unit left of an order that has not shipped: cancelling it does that. */
  REFUND_CANCEL_INSTEAD: 409,
  /** Subscription (decisions 060-062): a renewal or "pay now" the bank declined, no card saved, nothing due. */
  SUBSCRIPTION_PAYMENT_DECLINED: 422,
  SUBSCRIPTION_PAYMENT_METHOD_REQUIRED: 422,
  SUBSCRIPTION_NOTHING_DUE: 409,
  SUBSCRIPTION_PAYMENT_IN_PROGRESS: 409,
  /** A card token the payment provider does not know (or an expired card). */
  PAYMENT_METHOD_INVALID: 422,
  /** A reseller's listing (decision 134) that is not of the store. */
  LISTING_NOT_FOUND: 404,
  /** An offer to list that does not exist or is not published. */
  LISTING_OFFER_UNAVAILABLE: 404,
  /** A store may not list its own offer. */
  LISTING_OWN_OFFER: 422,
  /** The store already lists this offer (params.listingId). */
  LISTING_EXISTS: 409,
  /** The prices do not name exactly the offered variants (one not offered, one missing, one twice). */
  LISTING_VARIANTS_INVALID: 422,
  /** A retail price under its floor (decision 136): params.sku and params.floor (formatted); fields per variant. */
  LISTING_PRICE_BELOW_FLOOR: 422,
  /** Global catalogue offers (decision 134): the store has not turned on "Vender como proveedor". */
  SUPPLIER_NOT_ENABLED: 409,
  /** An offer of an archived or hidden product; a product that is a reseller's listing cannot be offered again. */
  OFFER_PRODUCT_ARCHIVED: 409,
  OFFER_PRODUCT_HIDDEN: 409,
  OFFER_PRODUCT_IS_LISTING: 409,
  /** An offer names a variant that is not of its product (params.variantId), or offers none. */
  OFFER_VARIANT_INVALID: 422,
  OFFER_NO_VARIANT: 422,
  /** A wholesale or suggested price of 0 or above the largest product price (params.max, in pesos). */
  OFFER_PRICE_INVALID: 422,
  /** A global catalogue offer that is not published (or not of the supplier, for its own actions). */
  OFFER_NOT_FOUND: 404,
  /** Custom domains (decision 145): not a domain name; the platform's own; a look-alike of it; taken; too many. */
  DOMAIN_INVALID: 422,
  DOMAIN_IS_PLATFORM: 422,
  DOMAIN_LOOKALIKE: 422,
  DOMAIN_TAKEN: 409,
  DOMAIN_LIMIT_REACHED: 409,
  DOMAIN_NOT_FOUND: 404,
  /** Activating a domain whose DNS records were not found yet; removing or changing the platform address. */
  DOMAIN_NOT_VERIFIED: 409,
  DOMAIN_IS_PLATFORM_ADDRESS: 409,
  /** Making a domain primary that does not serve the store yet. */
  DOMAIN_NOT_ACTIVE: 409,
  /** CFDI invoices (decision 154): the buyer's fiscal data, in the SAT's words (params.field where useful). */
  RFC_INVALID: 422,
  RFC_GENERIC_NOT_ALLOWED: 422,
  TAX_REGIME_INVALID: 422,
  TAX_REGIME_PERSON_MISMATCH: 422,
  CFDI_USE_INVALID: 422,
  CFDI_USE_MISMATCH: 422,
  FISCAL_NAME_INVALID: 422,
  FISCAL_POSTAL_CODE_INVALID: 422,
  /** The store has no invoicing account connected: no factura can be asked. */
  INVOICING_NOT_AVAILABLE: 409,
  /** A factura asked more than 30 days after the order (params.days). */
  INVOICE_WINDOW_CLOSED: 409,
  /** The order already has its factura asked or issued. */
  INVOICE_ALREADY_REQUESTED: 409,
  /** A factura for a cancelled order. */
  INVOICE_ORDER_CANCELLED: 409,
  INVOICE_NOT_FOUND: 404,
  /** The PAC refused the secret key the seller gave, or a SAT key of the settings is not in its catalogue. */
  INVOICING_KEY_INVALID: 422,
  INVOICING_SAT_KEY_INVALID: 422,
  /** Quotes (decisions 150, 151): not this store's, or not the buyer's. */
  QUOTE_NOT_FOUND: 404,
  /** A quantity under the product's MOQ or outside its quantity range (params.min, params.max). */
  QUOTE_QUANTITY_OUT_OF_RANGE: 422,
  /** An answer whose service prices do not name exactly the services the buyer asked for. */
  QUOTE_SERVICES_MISMATCH: 422,
  /** An answer valid until a day already gone. */
  QUOTE_VALIDITY_PAST: 422,
  /** A quote that cannot change that way now (answering an accepted one, declining an expired one). */
  QUOTE_NOT_OPEN: 409,
  /** Accepting a quote that is not sent and valid (params.reason: accepted | declined | expired | requested). */
  QUOTE_NOT_ACCEPTABLE: 409,
  /** A tier the quote's answer does not have. */
  QUOTE_TIER_NOT_FOUND: 422,
  /** Messages: a conversation that is not the buyer's or not this store's (or does not exist). */
  CONVERSATION_NOT_FOUND: 404,
  /** A message between a buyer and a store when either has blocked the other (params.by: buyer | store). */
  MESSAGING_BLOCKED: 403,
  /** Reviews (decision 157): a review that is not this store's, not the buyer's, or does not exist. */
  REVIEW_NOT_FOUND: 404,
  /** Writing a review of a product the buyer has not received (no delivered order line of it in this store). */
  REVIEW_NOT_ALLOWED: 403,
  /** A second review of the same product by the same buyer (they edit the first instead). */
  REVIEW_ALREADY_EXISTS: 409,
  /** Editing a review more than params.days days after it was written. */
  REVIEW_EDIT_EXPIRED: 409,
  /** A second public answer of the store to one review. */
  REVIEW_ALREADY_ANSWERED: 409,
  /** A shopper's report (of a review or a product) that is not this store's or does not exist. */
  REPORT_NOT_FOUND: 404,
  /** A job application that is not this store's or no longer exists (decision 169). */
  JOB_APPLICATION_NOT_FOUND: 404,
  /** A CV that is not a PDF by its content, whatever its name or declared type says (decision 168). */
  JOB_CV_NOT_PDF: 415,
  /** A badge request that is not this store's (or not the operator's to see) or does not exist (decision 165). */
  BADGE_REQUEST_NOT_FOUND: 404,
  /** A second request for a badge while one is waiting for the operator. */
  BADGE_REQUEST_PENDING: 409,
  /** Deciding a badge request already accepted or rejected. */
  BADGE_REQUEST_DECIDED: 409,
  /** Asking for the verified badge while the company profile lacks a document (params.missing). */
  BADGE_DOCUMENTS_MISSING: 422,
  /** A document whose expiry date is today or already past. */
  BADGE_DOCUMENT_EXPIRED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVER_BUSY: 503,
  /** No payment provider is configured (production without the sandbox, until a real provider is set up). */
  PAYMENTS_UNAVAILABLE: 503,
  /** The payment provider could not be reached (a timeout, a refused connection, its 5xx); params.retryAfter. */
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A field-level problem: `path` is the dotted field path, `code` a key under `errors:fields.*`. */
export interface FieldError {
  path: string;
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

/** The body of every error response. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  params?: Record<string, unknown>;
  fields?: FieldError[];
}
