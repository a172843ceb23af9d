/**
 * Packages of marketplace orders (decision 135): the supplier's purchase orders ("Pedidos de revendedores") and the
 * moves of a package, by the supplier (its purchase order) or by the store (its own package of an order), and the
 * supplier's refunds of units of its own lines.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import { adminQueryKeys } from '../../../shared/query-keys';
import type { FulfilmentStatus } from '../../../../../shared/contracts/checkout';
import type { LineRefundRequest } from '../../../../../shared/contracts/balances';

/** A package's move: the status, with the tracking number ("on the way") or the reason (a supplier's rejection). */
export interface PackageMove {
  status: 'ready_to_ship' | 'on_the_way' | 'delivered' | 'rejected';
  trackingNumber?: string;
  reason?: string;
}

/** GET /api/admin/pedidos-revendedores?status=&page=; the previous page stays on screen while the next loads. */
export const purchaseOrdersQuery = (status: FulfilmentStatus | undefined, page: number) =>
  queryOptions({
    queryKey: adminQueryKeys.purchaseOrderList(status, page),
    queryFn: () => call(ordersRoutes.listPurchaseOrders, { query: { status, page } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/pedidos-revendedores/:id: the lines at wholesale, the ship-to and the allowed moves. */
export const purchaseOrderQuery = (id: string) =>
  queryOptions({
    queryKey: adminQueryKeys.purchaseOrder(id),
    queryFn: () => call(ordersRoutes.getPurchaseOrder, { params: { id } }),
    enabled: Boolean(id),
  });

/**
 * POST /api/admin/pedidos-revendedores/:id/status: the supplier readies, ships, delivers or rejects its package.
 * The answer replaces the cached purchase order; the list refreshes. Waits for the throttle.
 */
export function useMovePurchaseOrder(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (move: PackageMove) =>
      call(ordersRoutes.movePurchaseOrder, { params: { id }, body: move, waitForThrottle: true }),
    onSuccess: (po) => {
      qc.setQueryData(adminQueryKeys.purchaseOrder(id), po);
      void qc.invalidateQueries({ queryKey: adminQueryKeys.purchaseOrders() });
    },
  });
}

/**
 * POST /api/admin/pedidos-revendedores/:id/refunds: the supplier refunds `quantity` units of its line `orderItemId`
 * (decision 147). The answer (the purchase order as it is now) replaces the cached one; the list and the balance
 * refresh. Waits for the throttle.
 */
export function useRefundPurchaseOrderLine(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LineRefundRequest) =>
      call(ordersRoutes.refundPurchaseOrderLine, { params: { id }, body, waitForThrottle: true }),
    onSuccess: (po) => {
      qc.setQueryData(adminQueryKeys.purchaseOrder(id), po);
      void qc.invalidateQueries({ queryKey: adminQueryKeys.purchaseOrders() });
      void qc.invalidateQueries({ queryKey: adminQueryKeys.balanceSummary() });
    },
  });
}

/**
 * POST /api/admin/paquetes/:id/status: the store readies, ships or delivers its own package of order `orderId`.
 * The answer (the whole order) replaces the cached order; the order lists refresh. Waits for the throttle.
 */
export function useMoveOwnPackage(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ packageId, ...move }: PackageMove & { packageId: string }) =>
      call(ordersRoutes.moveOwnPackage, { params: { id: packageId }, body: move, waitForThrottle: true }),
    onSuccess: (o) => {
      qc.setQueryData(adminQueryKeys.order(orderId), o);
      void qc.invalidateQueries({ queryKey: adminQueryKeys.orders() });
    },
  });
}
