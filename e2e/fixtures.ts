/**
 * Browser-test fixtures for Playwright Test (e2e/README.md). Import `test` and `expect` from here, never from
 * '@playwright/test', so every page is checked and the helpers below are at hand:
 *
 * - Every page of the test's `context` (and of contexts made with `newContext`) reports what its Content-Security-Policy
 *   blocked, raw translation keys (src/web/lib/i18n.ts logs them) and uncaught errors; the test fails on any.
 * - `throttle`: jumps the page's clock past the 3 s client throttle instead of sleeping (`page.clock`).
 * - Sessions made directly, never through a sign-in form: `buyer` (a new customer of the demo store, signed in through
 *   the API) with `signInBuyer`, `demoSeller` (the demo store's owner) with `signInSeller`.
 * - `factory` (e2e/factories.ts): a new store with N products of the committed dataset, a seller, a buyer, an order.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { factories, type Factories, type Session } from './factories';
import { PORT, DATA_DIR, THROTTLE_GAP_MS } from './urls';

export { expect };
export { PORT, DATA_DIR, THROTTLE_GAP_MS, storeUrl, platformUrl, apiUrl } from './urls';
export type { Session, StoreFixture } from './factories';
export { addToCart, checkoutAsGuest, MONTERREY, type GuestAddress } from './support/checkout';

const CSP_MARK = 'csp violation:';
/** Phone and desktop sizes, for tests that open a second context of the other kind. */
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };

/** What the pages of one test reported; each list must stay empty. */
interface PageReports {
  missingTranslationKeys: string[];
  cspViolations: string[];
  pageErrors: string[];
}

/**
 * A server-rendered storefront page is HTML until its scripts hydrate it, later than its load event since decision
 * 084 (a tap made meanwhile is kept and made again once hydrated, decision 085; e2e/storefront/before-hydration.spec.ts
 * tests that on purpose). So that the other specs, which test the hydrated page (client navigation, its loading
 * states), do not depend on timing, `page.goto` (unless `waitUntil: 'commit'`) also waits until such a page is
 * hydrated (`<html data-hydrated>`, set by src/web/main.tsx); after 30 s it carries on and the spec's own checks fail.
 */
function waitForHydrationAfterGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit')
      await page
        .waitForFunction(
          () => !document.getElementById('vitrina-state') || document.documentElement.hasAttribute('data-hydrated'),
          undefined,
          { timeout: 30_000 },
        )
        .catch(() => undefined);
    return response;
  };
}

async function watch(context: BrowserContext, reports: PageReports): Promise<void> {
  await context.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.warn(
        `${mark} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  }, CSP_MARK);
  const onPage = (page: Page) => {
    waitForHydrationAfterGoto(page);
    page.on('pageerror', (e) => reports.pageErrors.push(`${e.message} (on ${page.url()})`));
    page.on('console', (m) => {
      if (m.text().startsWith('i18n missing key:'))
        reports.missingTranslationKeys.push(`${m.text()} (on ${page.url()})`);
      if (m.text().startsWith(CSP_MARK) || /Content Security Policy/.test(m.text()))
        reports.cspViolations.push(`${m.text()} (on ${page.url()})`);
    });
  };
  context.pages().forEach(onPage);
  context.on('page', onPage);
}

/** Puts a session token in the browser's storage for `host` (once: a sign-out in the page is not undone). */
async function putToken(context: BrowserContext, host: string, key: string, token: string): Promise<void> {
  await context.addInitScript(
    ([h, k, t]) => {
      if (location.host !== h || sessionStorage.getItem(`e2e-seeded-${k}`)) return;
      localStorage.setItem(k, t);
      sessionStorage.setItem(`e2e-seeded-${k}`, '1');
    },
    [host, key, token],
  );
}

interface Fixtures {
  reports: PageReports;
  /** Another context (own storage) at a phone or desktop size, checked like the test's own. */
  newContext: (opts?: { phone?: boolean; locale?: string }) => Promise<BrowserContext>;
  /** Moves the page's clock past the client throttle's gap (the page must have called `page.clock.install()`). */
  throttle: (page: Page) => Promise<void>;
  factory: Factories;
  /** A new customer of the demo store, signed in through the API. */
  buyer: Session;
  /** The demo store's owner (vendedor@demo.vitrina.mx), signed in through the API. */
  demoSeller: Session;
  /** Signs the context's pages in as a customer of `slug`'s store (default demo). */
  signInBuyer: (context: BrowserContext, session: Session, slug?: string) => Promise<void>;
  /** Signs the context's pages in to the admin as a seller. */
  signInSeller: (context: BrowserContext, session: Session) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  reports: async ({}, use) => {
    const reports: PageReports = { missingTranslationKeys: [], cspViolations: [], pageErrors: [] };
    await use(reports);
    expect(reports).toEqual({ missingTranslationKeys: [], cspViolations: [], pageErrors: [] });
  },
  context: async ({ context, reports }, use) => {
    await watch(context, reports);
    await use(context);
  },
  newContext: async ({ browser, reports }, use) => {
    const made: BrowserContext[] = [];
    await use(async (opts = {}) => {
      const context = await (browser as Browser).newContext({
        viewport: opts.phone ? VIEWPORTS.phone : VIEWPORTS.desktop,
        locale: opts.locale ?? 'es-MX',
      });
      made.push(context);
      await watch(context, reports);
      return context;
    });
    for (const c of made) await c.close();
  },
  throttle: async ({}, use) => {
    await use(async (page) => {
      await page.clock.fastForward(THROTTLE_GAP_MS);
    });
  },
  factory: async ({}, use) => {
    await use(factories);
  },
  buyer: async ({}, use) => {
    await use(await factories.buyer('demo'));
  },
  demoSeller: async ({}, use) => {
    await use(await factories.signIn('admin', 'vendedor@demo.vitrina.mx', 'Vitrina2026!'));
  },
  signInBuyer: async ({}, use) => {
    await use((context, session, slug = 'demo') =>
      putToken(context, `${slug}.localhost:${PORT}`, 'access_token', session.token),
    );
  },
  signInSeller: async ({}, use) => {
    await use((context, session) => putToken(context, `localhost:${PORT}`, 'admin_access_token', session.token));
  },
});

/** Parses "$1,234.56" / "MX$1,234.56" into integer centavos. */
export function centsOf(text: string): number {
  const m = /([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`No amount in "${text}"`);
  return Number(m[1].replace(/,/g, '')) * 100 + Number(m[2]);
}

/** Fills the card form of /micarrito/pago in Spanish (the sandbox cards are in README.md). Does not submit. */
export async function fillCardEs(
  page: Page,
  card: { number: string; holder: string; expiry: string; cvc: string },
): Promise<void> {
  await page.getByLabel('Número de tarjeta').fill(card.number);
  await page.getByLabel('Nombre como aparece en la tarjeta').fill(card.holder);
  await page.getByLabel('Vencimiento (MM/AA)').fill(card.expiry);
  await page.getByLabel('CVC').fill(card.cvc);
}

/**
 * Pays an OXXO voucher as the operator does, with `npm run oxxo:pay -- <reference>` against the running server (the
 * command signs with the server's secret in DATA_DIR; it never opens the database). Resolves with its output.
 */
export async function payOxxoVoucher(reference: string): Promise<{ ok: boolean; output: string }> {
  return promisify(execFile)('npx', ['tsx', 'scripts/oxxo-pay.ts', reference], {
    env: { ...process.env, DATA_DIR, PORT: String(PORT), VITRINA_URL: `http://127.0.0.1:${PORT}` },
  }).then(
    (r) => ({ ok: true, output: r.stdout }),
    (e: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
  );
}
