import { describe, expect, it } from 'vitest';
import { createThrottle } from './throttle';
import { routeUrl } from './route-url';
import { addAddress, deleteAddress, listAddresses } from '../../shared/routes/accounts';
import { productDetail } from '../../shared/routes/catalog';
import { recentlyViewed, recordProductView } from '../../shared/routes/analytics';
import { checkCoupon, confirmThreeDSecure, placeOrder, quoteCart } from '../../shared/routes/checkout';
import { quoteShipping } from '../../shared/routes/shipping';

// The throttle keys requests by their URL path: real paths of the route table.
const PRODUCT = routeUrl(productDetail, { codigo: 'A1' });
const ADDRESSES = listAddresses.path;
const THREE_D_SECURE = routeUrl(confirmThreeDSecure, { id: '1' });

describe('client throttle', () => {
  it('allows 3 GETs per path per 3000 ms and rejects the 4th', () => {
    let now = 0;
    const th = createThrottle(() => now);
    expect([1, 2, 3].map(() => th.allow('GET', PRODUCT))).toEqual([true, true, true]);
    expect(th.allow('GET', PRODUCT)).toBe(false);
    expect(th.allow('GET', ADDRESSES)).toBe(true);
    now = 3000;
    expect(th.allow('GET', PRODUCT)).toBe(true);
  });

  it('counts read-like POSTs per path', () => {
    const th = createThrottle(() => 0);
    expect([1, 2, 3, 4].map(() => th.allow('POST', recentlyViewed.path, true))).toEqual([true, true, true, false]);
    expect(th.allow('POST', recordProductView.path, true)).toBe(true);
  });

  it('the route table marks the POSTs that read as read-like, and no other (decision 007)', () => {
    const readLike = [recentlyViewed, recordProductView, quoteShipping, quoteCart, checkCoupon];
    expect(readLike.map((r) => [r.method, r.readLike])).toEqual(readLike.map(() => ['POST', true]));
    expect('readLike' in placeOrder).toBe(false);
  });

  it('spaces other non-GET requests 3000 ms apart across all paths', () => {
    let now = 10_000;
    const th = createThrottle(() => now);
    expect(th.allow('POST', placeOrder.path)).toBe(true);
    now += 2999;
    expect(th.allow('POST', addAddress.path)).toBe(false);
    now += 1;
    expect(th.allow('DELETE', routeUrl(deleteAddress, { id: '1' }))).toBe(true);
  });

  it('tells how long until a request would be allowed, without recording it', () => {
    let now = 0;
    const th = createThrottle(() => now);
    expect(th.waitMs('POST', placeOrder.path)).toBe(0);
    th.allow('POST', placeOrder.path);
    now = 1000;
    expect(th.waitMs('POST', THREE_D_SECURE)).toBe(2000);
    expect(th.waitMs('POST', THREE_D_SECURE)).toBe(2000);
    now = 3000;
    expect(th.allow('POST', THREE_D_SECURE)).toBe(true);
    [1, 2, 3].forEach((i) => {
      now = 3000 + i * 100;
      th.allow('GET', ADDRESSES);
    });
    expect(th.waitMs('GET', ADDRESSES)).toBe(3100 + 3000 - 3300);
  });
});
