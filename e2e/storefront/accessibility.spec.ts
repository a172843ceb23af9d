/**
 * Accessibility of the pages of the first sale (Standards: labels, focus, keyboard, AA contrast), checked by axe-core
 * in Chromium on a phone and a desktop viewport: no serious or critical WCAG 2.1 A/AA violation is allowed.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, platformUrl, storeUrl } from '../fixtures';

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

describe('accessibility (axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

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

  for (const phone of [true, false]) {
    for (const [name, url, ready] of pages) {
      it(`${name} on a ${phone ? 'phone' : 'desktop'}`, async () => {
        const { context, page } = await newPage(browser, { phone });
        await page.goto(url);
        await ready(page);
        expect(await violations(page)).toEqual([]);
        await context.close();
      });
    }
  }

  it('checkout address form and the admin order page', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await page.goto(storeUrl('demo', '/product?codigo=24-WB04'));
    await page.getByRole('button', { name: /Agregar al carrito/ }).click();
    await page.goto(storeUrl('demo', '/micarrito'));
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continuar con la compra' }).click();
    await page.getByLabel('Código postal').fill('06700');
    await page.getByLabel('Colonia').selectOption({ index: 1 });
    expect(await violations(page)).toEqual([]);
    await context.close();

    const admin = await newPage(browser);
    await admin.page.goto(platformUrl('/admin/login'));
    await admin.page.getByLabel('Correo electrónico').fill('vendedor@demo.vitrina.mx');
    await admin.page.getByLabel('Contraseña').fill('Vitrina2026!');
    await admin.page.getByRole('button', { name: 'Entrar' }).click();
    await admin.page.getByRole('heading', { name: /Bienvenido/ }).waitFor();
    expect(await violations(admin.page)).toEqual([]);
    await admin.page.getByRole('link', { name: 'Ventas' }).click();
    await admin.page.getByRole('heading', { name: 'Ventas' }).waitFor();
    expect(await violations(admin.page)).toEqual([]);
    await admin.context.close();
  });
});
