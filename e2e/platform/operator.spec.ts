/**
 * The platform operator (decisions 163-166), in Spanish and English, on a phone and a desktop: signs in at /operador,
 * reads a supplier's three documents side by side and grants the verified badge, which the storefront then shows on
 * its about-us page and the product's seller line; the badges job run with the clock moved past the proof of
 * address's expiry lapses it. The operator suspends the store (its storefront answers 402 and shows the suspended
 * page), reactivates it, and finds each action in the audit log.
 */
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, platformUrl, test } from '../fixtures';

/** Where a screenshot goes: E2E_SHOTS_DIR (kept when another run empties test-results), else the test's output. */
const shot = (testInfo: TestInfo, name: string) =>
  process.env.E2E_SHOTS_DIR
    ? path.join(process.env.E2E_SHOTS_DIR, `operator-${testInfo.project.name}-${name}`)
    : testInfo.outputPath(name);

const TEXT = {
  es: {
    login: 'Operación de Vitrina',
    email: 'Correo',
    password: 'Contraseña',
    signIn: 'Entrar',
    stores: 'Tiendas',
    search: 'Buscar por nombre, slug o dominio',
    searchButton: 'Buscar',
    toReview: '1 insignia por revisar',
    badges: 'Insignias',
    licence: 'Licencia de funcionamiento',
    tax: 'Constancia de situación fiscal',
    address: 'Comprobante de domicilio',
    accept: 'Aceptar y otorgar la insignia',
    open: 'Abrir documento',
    accepted: 'Aceptada',
    verified: 'Proveedor verificado',
    lapsed: 'vencida',
    reason: 'Motivo (queda en la auditoría)',
    suspend: 'Suspender',
    reactivate: 'Reactivar',
    suspended: 'Suspendida (por el operador)',
    active: 'Activa',
    suspendedPage: 'Cuenta suspendida',
    audit: 'Auditoría',
  },
  en: {
    login: 'Vitrina operations',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    stores: 'Stores',
    search: 'Search by name, slug or domain',
    searchButton: 'Search',
    toReview: '1 badge to review',
    badges: 'Badges',
    licence: 'Business licence',
    tax: 'Tax registration certificate',
    address: 'Proof of address',
    accept: 'Accept and grant the badge',
    open: 'Open document',
    accepted: 'Accepted',
    verified: 'Verified supplier',
    lapsed: 'lapsed',
    reason: 'Reason (kept in the audit log)',
    suspend: 'Suspend',
    reactivate: 'Reactivate',
    suspended: 'Suspended (by the operator)',
    active: 'Active',
    suspendedPage: 'Account suspended',
    audit: 'Audit log',
  },
} as const;

/** The calendar day `days` from today in Mexico City, `YYYY-MM-DD`. */
function mexicoDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

for (const lang of ['es', 'en'] as const) {
  const t = TEXT[lang];
  test(`(${lang}) the operator verifies a supplier’s documents, the badge shows and lapses; suspend and reactivate @phone`, async ({
    page,
    factory,
    newContext,
  }, testInfo) => {
    const store = await factory.store({ products: 1, ...(lang === 'en' ? { catalog: 'vendure', lang: 'en' } : {}) });
    const seller = await factory.seller(store);
    await factory.companyProfile(seller);
    const expiries = {
      business_licence: mexicoDay(400),
      tax_registration: mexicoDay(200),
      // The certificate that expires first: the badge holds through this day.
      proof_of_address: mexicoDay(20),
    };
    await factory.verifiedBadgeRequest(seller, expiries);
    const operator = await factory.operator();

    // The operator's own sign-in (its own session, not the admin's).
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await page.goto(platformUrl('/operador'));
    await expect(page).toHaveURL(/\/operador\/login$/);
    await expect(page.getByRole('heading', { name: t.login })).toBeVisible();
    await page.getByLabel(t.email).fill(operator.email);
    await page.getByLabel(t.password).fill(operator.password);
    await page.getByRole('button', { name: t.signIn }).click();
    await expect(page.getByRole('heading', { name: t.stores })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_access_token'))).toBeNull();

    // The store's flag in the list, then its request with the three documents side by side.
    await page.getByLabel(t.search).fill(store.slug);
    await page.getByRole('button', { name: t.searchButton }).click();
    const row = page.getByTestId('operator-store-row').filter({ hasText: store.slug });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t.toReview);
    await page.screenshot({ path: shot(testInfo, `${lang}-stores.png`), fullPage: true });
    await page.getByRole('link', { name: t.badges }).click();
    // The queue holds every store's requests (other tests' too): this store's, by its name.
    await page.getByRole('link', { name: `Tienda ${store.slug} · ${t.verified}` }).click();
    for (const name of [t.licence, t.tax, t.address])
      await expect(page.getByRole('figure').filter({ hasText: name })).toBeVisible();
    await expect(page.getByTestId('operator-doc-expiry').nth(2)).toContainText(expiries.proof_of_address);
    await expect(page.getByRole('link', { name: `${t.open} (PDF)` })).toHaveCount(3);
    await page.screenshot({ path: shot(testInfo, `${lang}-documents.png`), fullPage: true });
    await page.getByRole('button', { name: t.accept }).click();
    await expect(page.getByTestId('operator-request-status')).toContainText(t.accepted);

    // The storefront shows the badge on about-us and on the product's seller line.
    const shopper = await newContext({ locale: lang === 'en' ? 'en-US' : 'es-MX' });
    const shop = await shopper.newPage();
    await shop.goto(store.url('/proveedor'));
    await expect(shop.getByTestId('supplier-badges')).toContainText(t.verified);
    await shop.screenshot({ path: shot(testInfo, `${lang}-about-badge.png`) });
    await shop.goto(store.url(`/product?codigo=${encodeURIComponent(store.products[0].codigo)}`));
    await expect(shop.getByTestId('supplier-badges')).toContainText(t.verified);

    // The day after the proof of address expires, the daily job lapses the badge.
    const after = new Date(`${mexicoDay(21)}T18:00:00Z`);
    // The job runs for this store only: a parallel test's store keeps its badge until its own check.
    const swept = await factory.badgesSweep(after, store);
    expect(swept.lapsed).toBe(1);
    await shop.goto(store.url('/proveedor'));
    await expect(shop.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shop.getByTestId('supplier-badges')).toHaveCount(0);

    // Suspension: the store's page in the operator area.
    await page.goto(platformUrl(`/operador/tiendas/${store.id}`));
    await expect(page.getByTestId('operator-badge-history')).toContainText(t.lapsed);
    await page.getByLabel(t.reason).fill(lang === 'en' ? 'Forged documents' : 'Documentos falsos');
    await page.getByRole('button', { name: t.suspend, exact: true }).click();
    await expect(page.getByTestId('operator-store-status')).toHaveText(t.suspended);
    await page.screenshot({ path: shot(testInfo, `${lang}-suspended.png`), fullPage: true });

    const refused = shop.waitForResponse((r) => r.url().includes('/api/') && r.status() === 402);
    await shop.goto(store.url('/'));
    expect((await refused).status()).toBe(402);
    await expect(shop.getByRole('heading', { name: t.suspendedPage })).toBeVisible();
    await expect(shop).toHaveURL(/\/account_suspended$/);

    await page.getByLabel(t.reason).fill(lang === 'en' ? 'Cleared up' : 'Aclarado');
    await page.getByRole('button', { name: t.reactivate, exact: true }).click();
    await expect(page.getByTestId('operator-store-status')).toHaveText(t.active);
    const product = store.products[0];
    await shop.goto(store.url(`/product?codigo=${encodeURIComponent(product.codigo)}`));
    await expect(shop.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

    // Each action is in the audit log, newest first.
    await page.getByRole('link', { name: t.audit }).click();
    const rows = page.getByTestId('operator-audit-row').filter({ hasText: operator.email });
    await expect(rows.nth(0)).toContainText('store.reactivate');
    await expect(rows.nth(1)).toContainText('store.suspend');
    await expect(rows.nth(2)).toContainText('badge.verified.accept');
  });
}
