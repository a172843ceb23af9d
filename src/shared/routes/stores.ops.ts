/** The stores module's operations (routes in stores.ts). */
import { z } from 'zod';
import { websiteConfig } from '../contracts/stores.js';
import { okResponse } from '../contracts/common.js';
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
} from '../contracts/website.js';
import { defineOps } from './op.js';
import * as routes from './stores.js';

const tags = ['website'];

export const storesOps = defineOps(routes, {
  websiteConfig: {
    tags: ['stores'],
    summary: 'Website configuration of the store at this domain',
    response: { 200: websiteConfig },
  },
  getWebConfigs: { tags, summary: 'Store settings and look, as the admin edits them', response: { 200: webConfigs } },
  saveStoreInfo: {
    tags,
    summary: 'Save name, language, support contact, menu name, about us, website on/off',
    body: storeInfoBody,
    response: { 200: okResponse },
  },
  saveStoreLook: {
    tags,
    summary: 'Save images, colours, banner button, carousel, banners and social URLs',
    body: storeLookBody,
    response: { 200: okResponse },
  },
  getWizard: { tags, summary: 'The set-up wizard draft (wizard_config)', response: { 200: wizardState } },
  saveWizardDraft: {
    tags,
    summary: 'Save the wizard draft as a step is left (not live until finish)',
    body: wizardDraft,
    response: { 200: wizardState },
  },
  finishWizard: {
    tags,
    summary: 'Finish the wizard: its values go live',
    body: wizardFinishBody,
    response: { 200: wizardState },
  },
  storeContent: {
    tags,
    summary: 'A content page of the store (privacy notice, policies, FAQ, glossary)',
    params: z.object({ kind: contentKind }),
    response: { 200: contentResponse },
  },
  getContent: {
    tags,
    summary: 'A content page as the editor shows it',
    params: z.object({ kind: contentKind }),
    response: { 200: contentResponse },
  },
  savePage: {
    tags,
    summary: 'Save a rich-text content page (sanitised)',
    params: z.object({ kind: z.enum(PAGE_KINDS) }),
    body: pageBody,
    response: { 200: contentResponse },
  },
  saveFaq: { tags, summary: 'Save the FAQ list', body: faqBody, response: { 200: contentResponse } },
  saveGlossary: { tags, summary: 'Save the glossary', body: glossaryBody, response: { 200: contentResponse } },
});
