/** HTTP routes of the coupons module: the seller's coupon list; the money permission. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coupon, couponInput, couponList } from '../../../shared/contracts/coupons.js';
import { uuid } from '../../../shared/contracts/common.js';
import { sellerContext } from '../../plugins/request-context.js';
import { createCoupon, listCoupons, updateCoupon } from './coupons.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/coupons',
    { schema: { tags: ['admin'], summary: 'The store’s coupons', response: { 200: couponList } } },
    async (request) => ({ coupons: await listCoupons(sellerContext(request, 'money')) }),
  );

  app.post(
    '/api/admin/coupons',
    { schema: { tags: ['admin'], summary: 'Create a coupon', body: couponInput, response: { 201: coupon } } },
    async (request, reply) => reply.code(201).send(await createCoupon(sellerContext(request, 'money'), request.body)),
  );

  app.put(
    '/api/admin/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a coupon (its uses stay)',
        params: z.object({ id: uuid }),
        body: couponInput,
        response: { 200: coupon },
      },
    },
    async (request) => updateCoupon(sellerContext(request, 'money'), request.params.id, request.body),
  );
};

export default routes;
