/** Public interface of the quotes module. */
export {
  requestQuote,
  listMyQuotes,
  getMyQuote,
  declineQuote,
  listStoreQuotes,
  getStoreQuote,
  answerQuote,
  countUnansweredQuotes,
  quotedLine,
  acceptQuoteForOrder,
  releaseQuoteOfOrder,
  expireQuotes,
  loadQuoteForEmail,
  type QuotedLine,
} from './quotes.service.js';
export { dutyRateFor } from './duty-rates.js';
