import { describe, expect, it } from 'vitest';
import { createThrottle } from './throttle';
import { recentlyViewed, recordProductView } from '../../shared/routes/analytics';
import { checkCoupon, placeOrder, quoteCart } from '../../shared/routes/checkout';
import { quoteShipping } from '../../shared/routes/shipping';

describe('client throttle', () => {
  it('allows 3 GETs per path per 3000 ms and rejects the 4th', () => {
    let now = 0;
    const th = createThrottle(() => now);
    expect([1, 2, 3].map(() => th.allow('GET', '/api/productos'))).toEqual([true, true, true]);
    expect(th.allow('GET', '/api/productos')).toBe(false);
    expect(th.allow('GET', '/api/other')).toBe(true);
    now = 3000;
    expect(th.allow('GET', '/api/productos')).toBe(true);
  });

  it('counts read-like POSTs per path', () => {
    const th = createThrottle(() => 0);
    expect([1, 2, 3, 4].map(() => th.allow('POST', '/api/getVistos', true))).toEqual([true, true, true, false]);
    expect(th.allow('POST', '/api/visto', true)).toBe(true);
  });

  it('the route table marks the POSTs that read as read-like, and no other (decision 007)', () => {
    const readLike = [recentlyViewed, recordProductView, quoteShipping, quoteCart, checkCoupon];
    expect(readLike.map((r) => [r.method, r.readLike])).toEqual(readLike.map(() => ['POST', true]));
    expect('readLike' in placeOrder).toBe(false);
  });

  it('spaces other non-GET requests 3000 ms apart across all paths', () => {
    let now = 10_000;
    const th = createThrottle(() => now);
    expect(th.allow('POST', '/api/pedido')).toBe(true);
    now += 2999;
    expect(th.allow('POST', '/api/addresses')).toBe(false);
    now += 1;
    expect(th.allow('DELETE', '/api/addresses/1')).toBe(true);
  });

  it('tells how long until a request would be allowed, without recording it', () => {
    let now = 0;
    const th = createThrottle(() => now);
    expect(th.waitMs('POST', '/api/pedido')).toBe(0);
    th.allow('POST', '/api/pedido');
    now = 1000;
    expect(th.waitMs('POST', '/api/payments/1/3ds')).toBe(2000);
    expect(th.waitMs('POST', '/api/payments/1/3ds')).toBe(2000);
    now = 3000;
    expect(th.allow('POST', '/api/payments/1/3ds')).toBe(true);
    [1, 2, 3].forEach((i) => {
      now = 3000 + i * 100;
      th.allow('GET', '/api/x');
    });
    expect(th.waitMs('GET', '/api/x')).toBe(3100 + 3000 - 3300);
  });
});
