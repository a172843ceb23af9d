/**
 * The buyer's account in the browser: a buyer edits their data (the phone checked and kept in E.164), adds two
 * addresses with the SEPOMEX postal-code fill, makes the second the default, and changes the password; the session
 * of another browser is signed out, this one stays. Phone and desktop; the pages pass axe.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, storeUrl, test } from '../fixtures';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical WCAG 2.1 A/AA violations on the current page (as in accessibility.spec.ts). */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: an injected <script> would be refused by the page's CSP.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

async function addAddress(page: Page, a: { name: string; postalCode: string; state: string; street: string }) {
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const form = page.locator('form').filter({ has: page.getByLabel('Código postal') });
  await form.getByLabel('Nombre completo').fill(a.name);
  await form.getByLabel('Código postal').fill(a.postalCode);
  await expect.poll(() => form.getByLabel('Estado').inputValue()).toBe(a.state);
  await form.getByLabel('Colonia').selectOption({ index: 1 });
  await form.getByLabel('Calle').fill(a.street);
  await form.getByLabel('Número exterior').fill('12');
  await form.getByLabel('Teléfono').fill('81 8123 4567');
  await form.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: a.street })).toBeVisible();
}

test.describe('the buyer’s account', () => {
  test(
    'edits the data, keeps an address book with a default, changes the password',
    { tag: '@phone' },
    async ({ page, context, buyer, signInBuyer, newContext, throttle, factory }, testInfo) => {
      await signInBuyer(context, buyer);
      // Another browser signed in as the same buyer (its own session): the password change must sign it out.
      const other = await newContext();
      await signInBuyer(other, await factory.signIn({ slug: 'demo' }, buyer.email, buyer.password));
      const otherPage = await other.newPage();
      await otherPage.goto(storeUrl('demo', '/miperfil/datos'));
      await expect(otherPage.getByRole('heading', { name: 'Datos personales' })).toBeVisible();

      await page.clock.install(); // The client throttle reads this clock
      await page.goto(storeUrl('demo', '/miperfil/datos'));
      const data = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Datos personales' }) });
      await data.getByLabel('Nombre completo').fill('Rosa Elena Martínez');
      await data.getByLabel('Teléfono (opcional)').fill('123');
      await data.getByRole('button', { name: 'Guardar datos' }).click();
      await expect(data.getByText('Número de teléfono incorrecto.')).toBeVisible();
      await data.getByLabel('Teléfono (opcional)').fill('55 1234 5678');
      await data.getByRole('button', { name: 'Guardar datos' }).click();
      await expect(data.getByText('Datos guardados.')).toBeVisible();
      await expect(data.getByLabel('Teléfono (opcional)')).toHaveValue('+525512345678');
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('datos.png'), fullPage: true });

      await page.getByRole('link', { name: 'Mis direcciones' }).click();
      await throttle(page);
      await addAddress(page, { name: 'Rosa Martínez', postalCode: '64000', state: 'Nuevo León', street: 'Padre Mier' });
      await throttle(page);
      await addAddress(page, {
        name: 'Rosa Martínez',
        postalCode: '06700',
        state: 'Ciudad de México',
        street: 'Colima',
      });
      const first = page.getByRole('listitem').filter({ hasText: 'Padre Mier' });
      const second = page.getByRole('listitem').filter({ hasText: 'Colima' });
      await expect(first.getByText('Predeterminada', { exact: true })).toBeVisible();
      await throttle(page);
      await second.getByRole('button', { name: /Usar como predeterminada/ }).click();
      await expect(second.getByText('Predeterminada', { exact: true })).toBeVisible();
      await expect(first.getByText('Predeterminada', { exact: true })).toHaveCount(0);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('direcciones.png'), fullPage: true });

      await page.getByRole('link', { name: 'Mis datos' }).click();
      const pw = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Contraseña' }) });
      await throttle(page);
      await pw.getByLabel('Contraseña actual').fill('no-es-la-mia');
      await pw.getByLabel('Nueva contraseña').fill('Cafetal-Nublado-2027');
      await pw.getByLabel('Confirma la contraseña').fill('Cafetal-Nublado-2027');
      await pw.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect(pw.getByText('La contraseña no es correcta.')).toBeVisible();
      await throttle(page);
      await pw.getByLabel('Contraseña actual').fill(buyer.password);
      await pw.getByRole('button', { name: 'Cambiar contraseña' }).click();
      // Checking the old password and hashing the new one wait in the hashing queue on a busy machine.
      await expect(pw.getByText('Tu contraseña cambió.', { exact: false })).toBeVisible({ timeout: 30_000 });

      // This browser stays signed in; the other one is sent to the sign-in page on its next request.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Datos personales' })).toBeVisible();
      await otherPage.reload();
      await expect(otherPage).toHaveURL(/\/login/);
    },
  );
});
