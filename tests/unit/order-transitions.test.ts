/** The allowed order transitions (orders/order-status.ts, lib/state-machine.ts; decision 021). */
import { describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, nextStatuses } from '../../src/server/modules/orders/order-status.js';
import { assertTransition, canTransition } from '../../src/server/lib/state-machine.js';
import { AppError } from '../../src/server/lib/app-error.js';
import type { OrderStatus } from '../../src/shared/contracts/checkout.js';

const ALL = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];

describe('order transitions', () => {
  it('walks a shipped order pending → paid → ready_to_ship → on_the_way → delivered', () => {
    expect(nextStatuses('pending', 'economico')).toEqual(['paid', 'cancelled']);
    expect(nextStatuses('paid', 'economico')).toEqual(['ready_to_ship', 'cancelled']);
    expect(nextStatuses('ready_to_ship', 'paquete')).toEqual(['on_the_way', 'cancelled']);
    expect(nextStatuses('on_the_way', 'economico')).toEqual(['delivered']);
  });

  it('walks a pickup order through ready_for_pickup, never ready_to_ship', () => {
    expect(nextStatuses('paid', 'pickup')).toEqual(['ready_for_pickup', 'cancelled']);
    expect(nextStatuses('ready_for_pickup', 'pickup')).toEqual(['delivered', 'cancelled']);
    for (const s of ALL) expect(nextStatuses(s, 'pickup')).not.toContain('ready_to_ship');
    for (const s of ALL) expect(nextStatuses(s, 'economico')).not.toContain('ready_for_pickup');
  });

  it('ends at delivered and cancelled, and cannot cancel an order on its way', () => {
    expect(nextStatuses('delivered', 'economico')).toEqual([]);
    expect(nextStatuses('cancelled', 'pickup')).toEqual([]);
    expect(canTransition(ORDER_TRANSITIONS, 'on_the_way', 'cancelled')).toBe(false);
    for (const s of ALL) expect(canTransition(ORDER_TRANSITIONS, s, 'pending')).toBe(false);
  });

  it('throws INVALID_TRANSITION with from and to for a move the table does not allow', () => {
    expect(() => assertTransition(ORDER_TRANSITIONS, 'paid', 'ready_to_ship')).not.toThrow();
    let caught: unknown;
    try {
      assertTransition(ORDER_TRANSITIONS, 'pending', 'delivered');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ code: 'INVALID_TRANSITION', params: { from: 'pending', to: 'delivered' } });
    expect((caught as AppError).statusCode).toBe(409);
  });
});
