/** Routes of checkout: cart quote and coupon, placing an order, the 3-D Secure and wallet returns, the OXXO voucher and the payment providers' webhooks. Schemas in checkout.ops.ts. */
export const quoteCart = { name: 'quoteCart', method: 'POST', path: '/api/cart/quote', readLike: true } as const;
export const checkCoupon = { name: 'checkCoupon', method: 'POST', path: '/api/cart/coupon', readLike: true } as const;
export const placeOrder = { name: 'placeOrder', method: 'POST', path: '/api/pedido' } as const;
export const confirmThreeDSecure = {
  name: 'confirmThreeDSecure',
  method: 'POST',
  path: '/api/payments/:id/3ds',
} as const;
export const captureWalletPayment = {
  name: 'captureWalletPayment',
  method: 'POST',
  path: '/api/payments/:id/capture',
} as const;
export const paymentClientConfig = {
  name: 'paymentClientConfig',
  method: 'GET',
  path: '/api/payments/client-config',
} as const;
export const oxxoVoucher = { name: 'oxxoVoucher', method: 'GET', path: '/api/oxxopay/:orderId' } as const;
export const paymentWebhook = {
  name: 'paymentWebhook',
  method: 'POST',
  path: '/api/payments/webhooks/:provider',
} as const;
