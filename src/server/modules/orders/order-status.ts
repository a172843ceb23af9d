/**
 * Allowed order transitions (decision 021). A seller can cancel an order until it
 * is on its way; cancelling releases the reserved stock. Pickup orders go paid → ready_for_pickup, shipped orders
 * paid → ready_to_ship.
 */
import type { TransitionTable } from '../../lib/state-machine.js';
import type { OrderStatus } from '../../../shared/contracts/checkout.js';

export const ORDER_TRANSITIONS: TransitionTable<OrderStatus> = {
  pending: ['paid', 'cancelled'],
  paid: ['ready_to_ship', 'ready_for_pickup', 'cancelled'],
  ready_to_ship: ['on_the_way', 'cancelled'],
  on_the_way: ['delivered'],
  ready_for_pickup: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/** Next statuses a seller may choose for an order, given its shipping type. */
export function nextStatuses(status: OrderStatus, shippingType: string): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((s) =>
    shippingType === 'pickup' ? s !== 'ready_to_ship' : s !== 'ready_for_pickup',
  );
}

/** The whole transition table of an order of this shipping type (applyTransition checks every change with it). */
export function transitionTableFor(shippingType: string): Record<OrderStatus, OrderStatus[]> {
  const all: OrderStatus[] = [
    'pending',
    'paid',
    'ready_to_ship',
    'on_the_way',
    'ready_for_pickup',
    'delivered',
    'cancelled',
  ];
  return Object.fromEntries(all.map((s) => [s, nextStatuses(s, shippingType)])) as Record<OrderStatus, OrderStatus[]>;
}
