/**
 * The README's own demo, walked as a new user would after `npm start`: the seeded stores and accounts (never
 * factories), signed in through the forms. Every admin page a README seller reaches from the menu (and the pages those
 * link to), and every storefront page of both demo stores, must open without an error screen, without a response
 * >= 500, without a console error and without a raw translation key (the last through the fixtures). On the phone
 * project the same walk runs at 360 px, and no page may scroll sideways.
 *
 * Each test collects every problem it meets and fails once at the end with the whole list, so one run names them all.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, platformUrl, storeUrl, test } from '../fixtures';

const SELLER_PASSWORD = 'Vitrina2026!';
const SELLERS = ['vendedor@demo.vitrina.mx', 'vendedor@hogar.vitrina.mx'];
const BUYER = { email: 'comprador@vitrina.mx', password: 'Comprador2026!' };

/** The two demo stores as the README lists them, with the words their own shoppers would use. */
const STORES = [
  {
    slug: 'demo',
    lang: 'es',
    term: 'sudaderas',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    add: 'Agregar al carrito',
  },
  {
    slug: 'hogar',
    lang: 'en',
    term: 'laptop',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    add: 'Add to cart',
  },
] as const;

/** Every storefront page that needs no data of its own (router.tsx and paths.ts). */
const STOREFRONT_PAGES = [
  '/',
  '/search',
  '/deps',
  '/login',
  '/registro',
  '/recuperar',
  '/micarrito',
  '/somos',
  '/aboutus',
  '/proveedor',
  '/aviso',
  '/faq',
  '/glosario',
  '/politicas_compras',
  '/pagos_envios',
  '/bolsa_trabajo',
  '/reviews',
  '/messages',
  '/404',
];

/** Texts of the screens that mean "this page failed": the route error boundary and the load-error alerts. */
const ERROR_SCREEN =
  /No pudimos cargar|Algo salió mal|We could not load|Something went wrong|Ocurrió un error|An error occurred/;

/** The problems a page showed since the last `check`: console errors and responses >= 500. */
function watchPage(page: Page) {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // The not-found page answers a real 404 (decision 107), which Chromium logs for the document itself: expected there.
    const at = m.location().url ? new URL(m.location().url).pathname : '';
    if (at === '/404' && /status of 404/.test(m.text())) return;
    seen.push(`console error: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) seen.push(`HTTP ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) => {
    // A navigation away aborts the page's pending requests: not a problem of the page.
    if (!/ERR_ABORTED/.test(r.failure()?.errorText ?? ''))
      seen.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`);
  });
  return {
    /** Lets the page settle, then returns what went wrong on it (and forgets it). */
    async check(label: string, opts: { phone: boolean }): Promise<string[]> {
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      // "Loading..." gone: the page shows its content or its error.
      await page
        .getByText(/^(Loading\.\.\.|Cargando\.\.\.)$/)
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 })
        .catch(() => undefined);
      const problems = seen.splice(0);
      const main = page.locator('main').first();
      const text = (await main.count()) ? await main.innerText().catch(() => '') : await page.innerText('body');
      const screen = ERROR_SCREEN.exec(text);
      if (screen) problems.push(`error screen: "${screen[0]}"`);
      if (await page.locator('.alert-error:visible').count())
        problems.push(`error alert: "${(await page.locator('.alert-error:visible').first().innerText()).trim()}"`);
      if (opts.phone) {
        const overflow = await page.evaluate(() => {
          const width = window.innerWidth;
          if (document.documentElement.scrollWidth <= width) return null;
          // Name the culprits so the failure says where to look: elements past the right edge whose parent is not, and
          // that no scroll box of their own clips (a table in its scrolling wrapper is fine).
          const clipped = (e: HTMLElement) => {
            for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
              if (getComputedStyle(a).overflowX !== 'visible') return true;
            return false;
          };
          const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((e) => e.getBoundingClientRect().right > width + 1)
            .filter((e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= width + 1)
            .filter((e) => !clipped(e))
            .slice(0, 3)
            .map(
              (e) => `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(' ').join('.')}` : ''}`,
            );
          return `${document.documentElement.scrollWidth} px > ${width} px (${culprits.join(', ')})`;
        });
        if (overflow) problems.push(`scrolls sideways: ${overflow}`);
      }
      return problems.map((p) => `${label}: ${p}`);
    },
  };
}

const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** The pages the admin links to, deduplicated by shape (one product editor stands for all). */
const shapeOf = (href: string) =>
  href
    .replace(/\/(producto|entrega)\/[^?]+/, '/$1/:id')
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/gi, ':id')
    .replace(/\d+/g, ':n')
    .replace(/[?&](q|page)=[^&]*/g, '');

for (const email of SELLERS) {
  test(`README seller ${email}: every admin page opens cleanly`, { tag: '@phone' }, async ({ page }, info) => {
    test.setTimeout(600_000); // some 40 pages, each waited on until its requests are done
    const phone = isPhone(info);
    if (phone) await page.setViewportSize({ width: 360, height: 780 });
    const watch = watchPage(page);
    const problems: string[] = [];

    await page.goto(platformUrl('/admin/login'));
    problems.push(...(await watch.check('/admin/login', { phone })));
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill(SELLER_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    problems.push(...(await watch.check('/admin', { phone })));

    const menu = await page
      .locator('#admin-nav a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(menu.length).toBeGreaterThan(8);
    const visited = new Set<string>(['/admin']);
    const found: string[] = [];
    // Each menu entry through the menu, as a user opens it (the drawer first, on a phone).
    for (const href of menu) {
      if (phone) await page.locator('.admin-menu-btn').click();
      await page.locator(`#admin-nav a[href="${href}"]`).click();
      await page.waitForURL((u) => u.pathname + u.search === href);
      visited.add(shapeOf(href));
      problems.push(...(await watch.check(href, { phone })));
      found.push(
        ...(await page
          .locator('#admin-main a[href^="/admin"]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))),
      );
    }
    // Then every admin page those pages link to (tabs, the editor of a product, an order...), once per shape.
    for (const href of found) {
      if (visited.has(shapeOf(href))) continue;
      visited.add(shapeOf(href));
      await page.goto(platformUrl(href));
      problems.push(...(await watch.check(href, { phone })));
    }
    expect(visited.size).toBeGreaterThan(menu.length);
    expect(problems).toEqual([]);
  });
}

for (const store of STORES) {
  test(`README store ${store.slug}: every storefront page opens cleanly`, { tag: '@phone' }, async ({ page }, info) => {
    test.setTimeout(600_000);
    const phone = isPhone(info);
    if (phone) await page.setViewportSize({ width: 360, height: 780 });
    const watch = watchPage(page);
    const problems: string[] = [];
    const open = async (path: string) => {
      await page.goto(storeUrl(store.slug, path));
      problems.push(...(await watch.check(`${store.slug}${path}`, { phone })));
    };

    await page.clock.install();
    for (const path of STOREFRONT_PAGES) await open(path);
    expect(await page.locator('html').getAttribute('lang')).toBe(store.lang);

    // Search as a shopper types it, a department, a product, into the cart.
    await open('/');
    const box = page.getByRole('search').getByRole('combobox');
    await box.fill(store.term);
    await box.press('Enter');
    await page.waitForURL(/\/search\/keyword\?q=/);
    problems.push(...(await watch.check(`${store.slug} search "${store.term}"`, { phone })));
    await expect(page.locator('.product-card').first()).toBeVisible();

    await open('/');
    const department = await page.locator('a[href*="/deps/departamento?"]').first().getAttribute('href');
    expect(department).toBeTruthy();
    await open(department!);
    await page.locator('.product-card a').first().click();
    await page.waitForURL(/\/product\?codigo=/);
    problems.push(
      ...(await watch.check(`${store.slug} ${new URL(page.url()).pathname}${new URL(page.url()).search}`, { phone })),
    );
    // Choose the first available value of each option (size, colour) when the product has any.
    for (const group of await page.locator('.option-group').all()) {
      const choice = group.locator('input[type="radio"]:not([disabled])').first();
      if (await choice.count()) await choice.check({ force: true });
    }
    await page.getByRole('button', { name: store.add }).click();
    await open('/micarrito');
    expect(await page.locator('.cart-line, [data-cart-line], li').count()).toBeGreaterThan(0);

    // The README buyer signs in through the form, then the account pages and the checkout steps before paying.
    await open('/login');
    await page.getByLabel(store.email).fill(BUYER.email);
    await page.getByLabel(store.password, { exact: true }).fill(BUYER.password);
    await page.getByRole('button', { name: store.signIn, exact: true }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
    problems.push(...(await watch.check(`${store.slug} after sign-in`, { phone })));
    for (const path of ['/pedidos', '/miperfil', '/miperfil/datos', '/miperfil/misdirecciones']) {
      await page.clock.fastForward(3100);
      await open(path);
    }
    await open('/pedidos');
    const order = page.locator('a[href*="/pedidos/pedido?"]').first();
    if (await order.count()) await open((await order.getAttribute('href'))!);
    for (const path of ['/micarrito', '/micarrito/direccion', '/micarrito/envio', '/micarrito/pago']) {
      await page.clock.fastForward(3100);
      await open(path);
    }
    expect(problems).toEqual([]);
  });
}
