/**
 * Buyer-seller messages live, in two browser contexts (decisions 152, 153): a buyer writes from the storefront's
 * /messages about a product while the seller has /admin/mensajes open; the message appears on the seller's screen
 * without a reload, the admin menu's unread count goes up and, once the seller opens the conversation, down; the
 * buyer's bubble goes sent -> received -> viewed as the seller's app gets it and reads it; the seller's answer appears
 * on the buyer's screen live, and the storefront header's count goes up and down the same way.
 *
 * Runs against the harness's one instance. With E2E_TWO_INSTANCES_DATABASE_URL (a PostgreSQL server; see
 * e2e/messages/two-instances.ts) the same conversation runs with the buyer on one app instance and the seller on
 * another, both on one database, so every live update crosses instances through LISTEN/NOTIFY.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, platformUrl, PORT } from '../fixtures';
import { startTwoInstances, type TwoInstances } from './two-instances';

/** Puts a session token into the context's storage for pages of `host` (before the first goto). */
async function putToken(context: BrowserContext, host: string, key: string, token: string): Promise<void> {
  await context.addInitScript(
    ({ host, key, token }) => {
      if (location.host === host && !sessionStorage.getItem('e2e-token-put')) {
        localStorage.setItem(key, token);
        sessionStorage.setItem('e2e-token-put', '1');
      }
    },
    { host, key, token },
  );
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical WCAG 2.1 A/AA violations on the page (as e2e/storefront/accessibility.spec.ts checks). */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The newest bubble of the thread with `text`, and its delivery state. */
const bubble = (page: Page, text: string) => page.locator('.msg-bubble', { hasText: text }).last();
const stateOf = (page: Page, text: string) => bubble(page, text).locator('.msg-state');

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

interface Where {
  /** Buyer's pages (storefront of the store), seller's pages (admin). */
  store: (path: string) => string;
  admin: (path: string) => string;
  buyerHost: string;
  adminHost: string;
}

async function conversation(
  buyerContext: BrowserContext,
  sellerContext: BrowserContext,
  where: Where,
  data: { codigo: string; productName: string; buyerToken: string; sellerToken: string },
) {
  await putToken(buyerContext, where.buyerHost, 'access_token', data.buyerToken);
  await putToken(sellerContext, where.adminHost, 'admin_access_token', data.sellerToken);
  const seller = await sellerContext.newPage();
  const buyer = await buyerContext.newPage();

  // The seller's inbox is empty, and open.
  await seller.goto(where.admin('/admin/mensajes'));
  await expect(seller.getByRole('heading', { name: 'Aún no tienes mensajes' })).toBeVisible();
  await expect(seller.getByTestId('messages-unread')).toHaveCount(0);
  await shot(seller, 'admin-empty');

  // The buyer writes about the product.
  await buyer.goto(where.store(`/messages?producto=${data.codigo}`));
  await expect(buyer.getByRole('heading', { name: `Pregunta sobre el producto ${data.codigo}` })).toBeVisible();
  await buyer.getByLabel('Escribe tu mensaje').fill('¿Tienen 500 piezas para entrega en Monterrey?');
  await buyer.getByLabel('Escribe tu mensaje').press('Enter');
  await expect(bubble(buyer, '¿Tienen 500 piezas')).toBeVisible();
  // The seller's open admin receives it (its stream marks it received): the buyer sees that without a reload.
  await expect(stateOf(buyer, '¿Tienen 500 piezas')).toHaveAttribute('data-state', 'received');
  await expect(stateOf(buyer, '¿Tienen 500 piezas')).toContainText('Recibido');

  // On the seller's screen, without a reload: the conversation, and one unread in the menu.
  await expect(seller.getByRole('button', { name: /Compradora Prueba/ })).toBeVisible();
  await expect(seller.getByTestId('messages-unread')).toHaveText(/1/);
  await shot(seller, 'admin-list-unread');
  await seller.getByRole('button', { name: /Compradora Prueba/ }).click();
  await expect(bubble(seller, '¿Tienen 500 piezas')).toBeVisible();
  await expect(seller.getByText(data.productName).first()).toBeVisible();
  await expect(seller.getByTestId('messages-unread')).toHaveCount(0);
  // The buyer's bubble: viewed.
  await expect(stateOf(buyer, '¿Tienen 500 piezas')).toHaveAttribute('data-state', 'viewed');
  await expect(stateOf(buyer, '¿Tienen 500 piezas')).toContainText('Visto');

  // The seller answers; the buyer, with the conversation open, sees it and views it at once.
  await seller.getByLabel('Escribe tu mensaje').fill('Sí, entrega en 5 días hábiles.');
  await seller.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(bubble(buyer, 'Sí, entrega en 5 días')).toBeVisible();
  await expect(stateOf(seller, 'Sí, entrega en 5 días')).toHaveAttribute('data-state', 'viewed');
  await shot(buyer, 'storefront-thread');
  await shot(seller, 'admin-thread');
  expect(await violations(buyer)).toEqual([]);
  expect(await violations(seller)).toEqual([]);

  // The buyer leaves for the product page; a new answer raises the header's count, reading it lowers it.
  await buyer.goto(where.store(`/product?codigo=${data.codigo}`));
  await expect(buyer.getByRole('link', { name: 'Escribe a la tienda' })).toHaveAttribute(
    'href',
    `/messages?producto=${data.codigo}`,
  );
  await seller.getByLabel('Escribe tu mensaje').fill('¿Le preparo la cotización?');
  await seller.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(stateOf(seller, '¿Le preparo la cotización?')).toHaveAttribute('data-state', 'received');
  await expect(buyer.getByTestId('messages-unread')).toHaveText('1');
  await buyer.getByRole('link', { name: /Mensajes, 1 sin leer/ }).click();
  await expect(buyer.getByRole('button', { name: /Tienda/ })).toBeVisible();
  await shot(buyer, 'storefront-list');
  await buyer.getByRole('button', { name: /Tienda/ }).click();
  await expect(bubble(buyer, '¿Le preparo la cotización?')).toBeVisible();
  await expect(buyer.getByTestId('messages-unread')).toHaveCount(0);
  await expect(stateOf(seller, '¿Le preparo la cotización?')).toHaveAttribute('data-state', 'viewed');
}

test.describe('messages between a buyer and a seller', () => {
  test('exchange live in two browser contexts; states and unread counts follow', async ({
    context,
    newContext,
    factory,
  }) => {
    const store = await factory.store({ products: 1 });
    const seller = await factory.seller(store);
    const buyer = await factory.buyer(store.slug);
    const sellerContext = await newContext();
    await conversation(
      context,
      sellerContext,
      {
        store: (p) => store.url(p),
        admin: (p) => platformUrl(p),
        buyerHost: `${store.slug}.localhost:${PORT}`,
        adminHost: `localhost:${PORT}`,
      },
      {
        codigo: store.products[0]!.codigo,
        productName: store.products[0]!.name,
        buyerToken: buyer.token,
        sellerToken: seller.token,
      },
    );
  });

  test(
    'the phone shows the list, then the thread with a way back',
    { tag: '@phone-only' },
    async ({ context, newContext, factory }) => {
      const store = await factory.store({ products: 1 });
      const seller = await factory.seller(store);
      const buyer = await factory.buyer(store.slug);
      await putToken(context, `${store.slug}.localhost:${PORT}`, 'access_token', buyer.token);
      const page = await context.newPage();
      await page.goto(store.url('/messages'));
      await expect(page.getByRole('heading', { name: 'Aún no tienes mensajes' })).toBeVisible();
      await shot(page, 'phone-storefront-empty');
      await page.getByRole('button', { name: 'Nueva consulta' }).click();
      await page.getByLabel('Escribe tu mensaje').fill('Hola, ¿hacen factura?');
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      await expect(bubble(page, 'Hola, ¿hacen factura?')).toBeVisible();
      await shot(page, 'phone-storefront-thread');
      await page.getByRole('button', { name: 'Conversaciones' }).click();
      await expect(page.getByRole('button', { name: /Consulta general/ })).toBeVisible();

      const sellerContext = await newContext({ phone: true });
      await putToken(sellerContext, `localhost:${PORT}`, 'admin_access_token', seller.token);
      const admin = await sellerContext.newPage();
      await admin.goto(platformUrl('/admin/mensajes'));
      await admin.getByRole('button', { name: /Compradora Prueba/ }).click();
      await expect(bubble(admin, 'Hola, ¿hacen factura?')).toBeVisible();
      await shot(admin, 'phone-admin-thread');
      expect(await violations(admin)).toEqual([]);
      await page.getByRole('button', { name: /Consulta general/ }).click();
      expect(await violations(page)).toEqual([]);
    },
  );
});

test.describe('messages across two app instances on one PostgreSQL', () => {
  test.skip(!process.env.E2E_TWO_INSTANCES_DATABASE_URL, 'needs E2E_TWO_INSTANCES_DATABASE_URL (a PostgreSQL server)');
  let two: TwoInstances;
  test.beforeAll(async () => {
    two = await startTwoInstances(process.env.E2E_TWO_INSTANCES_DATABASE_URL!);
  });
  test.afterAll(async () => {
    await two?.stop();
  });

  test('the buyer on one instance and the seller on the other exchange messages live', async ({
    context,
    newContext,
  }) => {
    const store = await two.store();
    const seller = await two.seller(store);
    const buyer = await two.buyer(store.slug);
    const sellerContext = await newContext();
    await conversation(
      context,
      sellerContext,
      {
        store: (p) => `http://${store.slug}.localhost:${two.a}${p}`,
        admin: (p) => `http://localhost:${two.b}${p}`,
        buyerHost: `${store.slug}.localhost:${two.a}`,
        adminHost: `localhost:${two.b}`,
      },
      {
        codigo: store.products[0]!.codigo,
        productName: store.products[0]!.name,
        buyerToken: buyer.token,
        sellerToken: seller.token,
      },
    );
  });
});
