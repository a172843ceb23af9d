/** Routes of quotes (cotizaciones): the buyer's requests, the seller's answers; schemas in quotes.ops.ts. */
export const requestQuote = { name: 'requestQuote', method: 'POST', path: '/api/cotizaciones' } as const;
export const listMyQuotes = { name: 'listMyQuotes', method: 'GET', path: '/api/cotizaciones' } as const;
export const getMyQuote = { name: 'getMyQuote', method: 'GET', path: '/api/cotizaciones/:id' } as const;
export const declineQuote = { name: 'declineQuote', method: 'POST', path: '/api/cotizaciones/:id/rechazar' } as const;
export const listStoreQuotes = { name: 'listStoreQuotes', method: 'GET', path: '/api/admin/quotes' } as const;
export const getStoreQuote = { name: 'getStoreQuote', method: 'GET', path: '/api/admin/quotes/:id' } as const;
export const answerQuote = { name: 'answerQuote', method: 'PUT', path: '/api/admin/quotes/:id' } as const;
export const getQuoteNotifications = {
  name: 'getQuoteNotifications',
  method: 'GET',
  path: '/api/admin/quote-notifications',
} as const;
export const getDutyRate = { name: 'getDutyRate', method: 'GET', path: '/api/admin/quote-duty-rate' } as const;
