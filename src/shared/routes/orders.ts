/** Routes of the orders module: the buyer's orders, the seller's orders, dashboard, limits, delivery and refunds, and the store-floor app's order reads. Schemas in orders.ops.ts. */
export const listMyOrders = { name: 'listMyOrders', method: 'GET', path: '/api/pedidos' } as const;
export const getBuyerOrder = { name: 'getBuyerOrder', method: 'GET', path: '/api/pedidos/:id' } as const;
export const adminDashboard = { name: 'adminDashboard', method: 'GET', path: '/api/admin/dashboard' } as const;
export const listStoreOrders = { name: 'listStoreOrders', method: 'GET', path: '/api/admin/orders' } as const;
export const getSellerOrder = { name: 'getSellerOrder', method: 'GET', path: '/api/admin/orders/:id' } as const;
export const getOrderLimits = { name: 'getOrderLimits', method: 'GET', path: '/api/admin/order-limits' } as const;
export const saveOrderLimits = { name: 'saveOrderLimits', method: 'PUT', path: '/api/admin/order-limits' } as const;
export const changeOrderStatus = {
  name: 'changeOrderStatus',
  method: 'POST',
  path: '/api/admin/orders/:id/status',
} as const;
export const getDeliveryProof = {
  name: 'getDeliveryProof',
  method: 'GET',
  path: '/api/admin/orders/:id/delivery',
} as const;
export const recordDelivery = {
  name: 'recordDelivery',
  method: 'POST',
  path: '/api/admin/orders/:id/delivery',
} as const;
export const getBuyerDeliveryProof = {
  name: 'getBuyerDeliveryProof',
  method: 'GET',
  path: '/api/pedidos/:id/delivery',
} as const;
export const listRefunds = { name: 'listRefunds', method: 'GET', path: '/api/admin/orders/:id/refunds' } as const;
export const refundOrder = { name: 'refundOrder', method: 'POST', path: '/api/admin/orders/:id/refunds' } as const;
export const retryRefund = {
  name: 'retryRefund',
  method: 'POST',
  path: '/api/admin/orders/:id/refunds/:refundId/retry',
} as const;
export const listStoreFloorOrders = {
  name: 'listStoreFloorOrders',
  method: 'GET',
  path: '/api/store-floor/orders',
} as const;
export const getStoreFloorOrder = {
  name: 'getStoreFloorOrder',
  method: 'GET',
  path: '/api/store-floor/orders/:id',
} as const;
export const listPurchaseOrders = {
  name: 'listPurchaseOrders',
  method: 'GET',
  path: '/api/admin/pedidos-revendedores',
} as const;
export const getPurchaseOrder = {
  name: 'getPurchaseOrder',
  method: 'GET',
  path: '/api/admin/pedidos-revendedores/:id',
} as const;
export const movePurchaseOrder = {
  name: 'movePurchaseOrder',
  method: 'POST',
  path: '/api/admin/pedidos-revendedores/:id/status',
} as const;
export const refundPurchaseOrderLine = {
  name: 'refundPurchaseOrderLine',
  method: 'POST',
  path: '/api/admin/pedidos-revendedores/:id/refunds',
} as const;
export const moveOwnPackage = {
  name: 'moveOwnPackage',
  method: 'POST',
  path: '/api/admin/paquetes/:id/status',
} as const;
