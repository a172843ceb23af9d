/** HTTP routes of the coupons module: the seller's coupon list; the money permission. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponsOps as ops } from '../../../shared/routes/coupons.ops.js';
import { route } from '../../lib/route.js';
import { sellerContext } from '../../plugins/request-context.js';
import { createCoupon, listCoupons, updateCoupon } from './coupons.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.listCoupons, async (request) => ({ coupons: await listCoupons(sellerContext(request, 'money')) }));

  route(app, ops.createCoupon, async (request, reply) =>
    reply.code(201).send(await createCoupon(sellerContext(request, 'money'), request.body)),
  );

  route(app, ops.updateCoupon, async (request) =>
    updateCoupon(sellerContext(request, 'money'), request.params.id, request.body),
  );
};

export default routes;
