/**
 * Accessibility of the pages of the first sale (Standards: labels, focus, keyboard, AA contrast), checked by axe-core
 * in Chromium on a phone and a desktop viewport: no serious or critical WCAG 2.1 A/AA violation is allowed.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, platformUrl, storeUrl, test } from '../fixtures';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Serious and critical WCAG 2.1 A/AA violations on the current page, as "rule: help (selectors)" lines. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: an injected <script> would be (rightly) refused by the page's CSP.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')})`,
    );
}

test.describe('accessibility (axe-core)', () => {
  const pages: [string, string, (p: Page) => Promise<unknown>][] = [
    ['home', storeUrl('demo'), (p) => p.getByRole('heading', { name: 'Departamentos' }).waitFor()],
    ['search', storeUrl('demo', '/search/keyword?q=chamarra'), (p) => p.locator('.product-card').first().waitFor()],
    ['product', storeUrl('demo', '/product?codigo=MH01'), (p) => p.getByRole('heading', { level: 1 }).waitFor()],
    [
      'empty cart',
      storeUrl('demo', '/micarrito'),
      (p) => p.getByRole('heading', { name: 'Tu carrito está vacío' }).waitFor(),
    ],
    ['sign in', storeUrl('demo', '/login'), (p) => p.getByRole('button', { name: 'Iniciar sesión' }).waitFor()],
    ['English store', storeUrl('hogar'), (p) => p.getByRole('heading', { name: 'Departments' }).waitFor()],
    ['admin sign in', platformUrl('/admin/login'), (p) => p.getByRole('button', { name: 'Entrar' }).waitFor()],
  ];

  // Each page on a phone and on a desktop: the two projects of playwright.config.ts.
  for (const [name, url, ready] of pages) {
    test(name, { tag: '@phone' }, async ({ page }) => {
      await page.goto(url);
      await ready(page);
      expect(await violations(page)).toEqual([]);
    });
  }

  test('checkout address form and the admin order page', async ({ newContext, demoSeller, signInSeller }) => {
    const context = await newContext({ phone: true });
    const page = await context.newPage();
    await page.goto(storeUrl('demo', '/product?codigo=24-WB04'));
    await page.getByRole('button', { name: /Agregar al carrito/ }).click();
    // Added (the page offers the cart) before leaving the page: a tap made before hydration is made once hydrated.
    await page.getByRole('link', { name: /Ver carrito/ }).waitFor();
    await page.goto(storeUrl('demo', '/micarrito'));
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continuar con la compra' }).click();
    await page.getByLabel('Código postal').fill('06700');
    await page.getByLabel('Colonia').selectOption({ index: 1 });
    expect(await violations(page)).toEqual([]);

    // The seller's session is made through the API (first-sale.spec.ts tests the sign-in form).
    const adminContext = await newContext();
    await signInSeller(adminContext, demoSeller);
    const admin = await adminContext.newPage();
    await admin.goto(platformUrl('/admin'));
    await admin.getByRole('heading', { name: /Bienvenido/ }).waitFor();
    expect(await violations(admin)).toEqual([]);
    await admin.getByRole('link', { name: 'Ventas' }).click();
    await admin.getByRole('heading', { name: 'Ventas' }).waitFor();
    expect(await violations(admin)).toEqual([]);
  });
});
