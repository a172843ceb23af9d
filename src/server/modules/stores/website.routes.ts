/**
 * HTTP routes of the store builder (/admin/mi-tienda, /admin/website, the set-up wizard and content editors;
 * /api/proveedor/webconfigs) and of the storefront's content pages. Admin routes need the `settings` permission.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/common.js';
import {
  contentKind,
  contentResponse,
  faqBody,
  glossaryBody,
  pageBody,
  PAGE_KINDS,
  storeInfoBody,
  storeLookBody,
  webConfigs,
  wizardDraft,
  wizardFinishBody,
  wizardState,
} from '../../../shared/contracts/website.js';
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

const tags = ['website'];

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/proveedor/webconfigs',
    { schema: { tags, summary: 'Store settings and look, as the admin edits them', response: { 200: webConfigs } } },
    async (request) => {
      const ctx = sellerContext(request, 'settings');
      const domains = await listDomains(ctx);
      const host = domains.find((d) => d.status === 'active')?.hostname ?? app.config.PLATFORM_DOMAIN;
      return getWebConfigs(ctx, publicOrigin(app.config, host));
    },
  );
  app.put(
    '/api/proveedor/webconfigs/info',
    {
      schema: {
        tags,
        summary: 'Save name, language, support contact, menu name, about us, website on/off',
        body: storeInfoBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await saveStoreInfo(sellerContext(request, 'settings'), request.body);
      return { ok: true as const };
    },
  );
  app.put(
    '/api/proveedor/webconfigs/look',
    {
      schema: {
        tags,
        summary: 'Save images, colours, banner button, carousel, banners and social URLs',
        body: storeLookBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await saveStoreLook(sellerContext(request, 'settings'), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/proveedor/wizard',
    { schema: { tags, summary: 'The set-up wizard draft (wizard_config)', response: { 200: wizardState } } },
    async (request) => getWizard(sellerContext(request, 'settings')),
  );
  app.put(
    '/api/proveedor/wizard',
    {
      schema: {
        tags,
        summary: 'Save the wizard draft as a step is left (not live until finish)',
        body: wizardDraft,
        response: { 200: wizardState },
      },
    },
    async (request) => saveWizardDraft(sellerContext(request, 'settings'), request.body),
  );
  app.post(
    '/api/proveedor/wizard/finish',
    {
      schema: {
        tags,
        summary: 'Finish the wizard: its values go live',
        body: wizardFinishBody,
        response: { 200: wizardState },
      },
    },
    async (request) => finishWizard(sellerContext(request, 'settings'), request.body),
  );

  app.get(
    '/api/reseller/content/:kind',
    {
      schema: {
        tags,
        summary: 'A content page of the store (privacy notice, policies, FAQ, glossary)',
        params: z.object({ kind: contentKind }),
        response: { 200: contentResponse },
      },
    },
    async (request) => getContent(storeContext(request), request.params.kind),
  );
  app.get(
    '/api/proveedor/content/:kind',
    {
      schema: {
        tags,
        summary: 'A content page as the editor shows it',
        params: z.object({ kind: contentKind }),
        response: { 200: contentResponse },
      },
    },
    async (request) => getContent(sellerContext(request, 'settings'), request.params.kind),
  );
  app.put(
    '/api/proveedor/content/page/:kind',
    {
      schema: {
        tags,
        summary: 'Save a rich-text content page (sanitised)',
        params: z.object({ kind: z.enum(PAGE_KINDS) }),
        body: pageBody,
        response: { 200: contentResponse },
      },
    },
    async (request) => savePage(sellerContext(request, 'settings'), request.params.kind, request.body.html),
  );
  app.put(
    '/api/proveedor/content/faq',
    {
      schema: { tags, summary: 'Save the FAQ list', body: faqBody, response: { 200: contentResponse } },
    },
    async (request) => saveFaq(sellerContext(request, 'settings'), request.body.items),
  );
  app.put(
    '/api/proveedor/content/glosario',
    {
      schema: { tags, summary: 'Save the glossary', body: glossaryBody, response: { 200: contentResponse } },
    },
    async (request) => saveGlossary(sellerContext(request, 'settings'), request.body.items),
  );
};
export default routes;
