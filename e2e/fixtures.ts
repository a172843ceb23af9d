/**
 * Browser-test fixtures: Chromium through playwright-core (Debian's /usr/bin/chromium), store URLs on *.localhost,
 * and helpers. SPEC §9's client throttle lets a state-changing request run only 3 s after the previous one, so flows
 * that submit twice in a row wait for `THROTTLE_GAP_MS` first, as a person would.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const PORT = Number(process.env.E2E_PORT ?? 3000);
/** The server's DATA_DIR (its outbox, and the secret `npm run oxxo:pay` signs with). */
export const DATA_DIR = process.env.E2E_DATA_DIR ?? './data';
export const storeUrl = (slug: 'demo' | 'hogar', path = '/') => `http://${slug}.localhost:${PORT}${path}`;
export const platformUrl = (path = '/') => `http://localhost:${PORT}${path}`;
export const THROTTLE_GAP_MS = 3100;
/** Translation keys the pages reported missing (src/web/lib/i18n.ts logs them); e2e/setup.ts fails a file on any. */
export const missingTranslationKeys: string[] = [];
/** Content-Security-Policy violations the pages reported (issue 5 item 16); e2e/setup.ts fails a file on any. */
export const cspViolations: string[] = [];
const CSP_MARK = 'csp violation:';

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context (own localStorage) at a phone or desktop size. */
export async function newPage(
  browser: Browser,
  opts: { phone?: boolean; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: opts.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    locale: opts.locale ?? 'es-MX',
  });
  // Every page reports what its Content-Security-Policy blocked, so each flow proves the policy breaks nothing.
  await context.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.warn(
        `${mark} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  }, CSP_MARK);
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  page.on('console', (m) => {
    if (m.text().startsWith('i18n missing key:')) missingTranslationKeys.push(`${m.text()} (on ${page.url()})`);
    if (m.text().startsWith(CSP_MARK) || /Content Security Policy/.test(m.text()))
      cspViolations.push(`${m.text()} (on ${page.url()})`);
  });
  return { context, page };
}

/** Parses "$1,234.56" / "MX$1,234.56" into integer centavos. */
export function centsOf(text: string): number {
  const m = /([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`No amount in "${text}"`);
  return Number(m[1].replace(/,/g, '')) * 100 + Number(m[2]);
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
