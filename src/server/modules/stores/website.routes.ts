/**
 * HTTP routes of the store builder (/admin/mi-tienda, /admin/website, the set-up wizard and content editors;
 * /api/proveedor/webconfigs) and of the storefront's content pages. Admin routes need the `settings` permission.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storesOps as ops } from '../../../shared/routes/stores.ops.js';
import { route } from '../../lib/route.js';
import { sellerContext, storeContext } from '../../plugins/request-context.js';
import { publicOrigin } from '../../lib/public-url.js';
import { listDomains } from './stores.service.js';
import {
  finishWizard,
  getWebConfigs,
  getWizard,
  saveStoreInfo,
  saveStoreLook,
  saveWizardDraft,
} from './website.service.js';
import { getContent, saveFaq, saveGlossary, savePage } from './content.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.getWebConfigs, async (request) => {
    const ctx = sellerContext(request, 'settings');
    const domains = await listDomains(ctx);
    const host = domains.find((d) => d.status === 'active')?.hostname ?? app.config.PLATFORM_DOMAIN;
    return getWebConfigs(ctx, publicOrigin(app.config, host));
  });
  route(app, ops.saveStoreInfo, async (request) => {
    await saveStoreInfo(sellerContext(request, 'settings'), request.body);
    return { ok: true as const };
  });
  route(app, ops.saveStoreLook, async (request) => {
    await saveStoreLook(sellerContext(request, 'settings'), request.body);
    return { ok: true as const };
  });

  route(app, ops.getWizard, async (request) => getWizard(sellerContext(request, 'settings')));
  route(app, ops.saveWizardDraft, async (request) => saveWizardDraft(sellerContext(request, 'settings'), request.body));
  route(app, ops.finishWizard, async (request) => finishWizard(sellerContext(request, 'settings'), request.body));

  route(app, ops.storeContent, async (request) => getContent(storeContext(request), request.params.kind));
  route(app, ops.getContent, async (request) => getContent(sellerContext(request, 'settings'), request.params.kind));
  route(app, ops.savePage, async (request) =>
    savePage(sellerContext(request, 'settings'), request.params.kind, request.body.html),
  );
  route(app, ops.saveFaq, async (request) => saveFaq(sellerContext(request, 'settings'), request.body.items));
  route(app, ops.saveGlossary, async (request) => saveGlossary(sellerContext(request, 'settings'), request.body.items));
};
export default routes;
