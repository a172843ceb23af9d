/**
 * Job applications in a real browser (decisions 168, 169): a shopper applies on the demo store's /bolsa_trabajo in
 * Spanish and in English with a PDF CV, under the privacy notice (a PNG renamed .pdf is refused with the server's
 * translated message); the store's owner finds each application in Mis datos → Solicitudes de empleo, opens it,
 * downloads the CV and marks it reviewed, and the unread filter leaves it out. On desktop and phone; screenshots go to
 * test-results/e2e/job-applications/ (or E2E_SHOTS_DIR).
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { TEST_PDF, testImage } from '../../tests/helpers/uploads';
import { expect, platformUrl, storeUrl, test } from '../fixtures';

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/e2e/job-applications';

const TEXT = {
  es: {
    url: '/bolsa_trabajo',
    title: 'Bolsa de trabajo',
    fullName: 'Nombre completo',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    position: 'Puesto que te interesa',
    letter: 'Carta de presentación',
    cv: 'CV en PDF',
    consent: /He leído el aviso de privacidad/,
    notice: 'Se conservan 12 meses desde que los envías; después se borran, junto con tu CV.',
    arco: /derechos ARCO\), escribe a hola@demo\.vitrina\.mx/,
    submit: 'Enviar solicitud',
    consentError: 'Acepta el aviso de privacidad para enviar tu solicitud.',
    notPdf: 'El CV debe ser un archivo PDF (revisamos su contenido, no su nombre).',
    sent: '¡Solicitud enviada!',
    position_: 'Vendedora de mostrador',
    letter_: 'Tengo tres años de experiencia atendiendo clientes y manejando caja en tiendas de ropa.',
  },
  en: {
    url: '/bolsa_trabajo?lang=en',
    title: 'Job applications',
    fullName: 'Full name',
    email: 'Email',
    phone: 'Phone',
    position: 'Position you are interested in',
    letter: 'Cover letter',
    cv: 'CV as a PDF',
    consent: /I have read the privacy notice/,
    notice: 'They are kept for 12 months from when you send them; then they are deleted, with your CV.',
    arco: /\(ARCO rights\), write to hola@demo\.vitrina\.mx/,
    submit: 'Send application',
    consentError: 'Accept the privacy notice to send your application.',
    notPdf: 'The CV must be a PDF file (we check its content, not its name).',
    sent: 'Application sent!',
    position_: 'Warehouse assistant',
    letter_: 'I worked two years in a warehouse receiving, storing and shipping orders for an online shop.',
  },
} as const;

test.describe('job applications', () => {
  test(
    'a shopper applies with a PDF in Spanish and English; the owner opens it, downloads the CV and marks it reviewed',
    { tag: '@phone' },
    async ({ newContext, demoSeller, signInSeller }, testInfo) => {
      const phone = testInfo.project.name === 'phone';
      const shot = (p: Page, name: string) =>
        p.screenshot({ path: `${shots}/${testInfo.project.name}-${name}.png`, fullPage: true });
      const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
      const names = { es: `Ana López ${run}`, en: `John Smith ${run}` };

      for (const lang of ['es', 'en'] as const) {
        const tx = TEXT[lang];
        const page = await (await newContext({ phone })).newPage();
        await page.goto(storeUrl('demo', tx.url));
        await expect(page.getByRole('heading', { name: tx.title, level: 1 })).toBeVisible();
        await expect(page.getByText(tx.notice)).toBeVisible();
        await expect(page.getByText(tx.arco)).toBeVisible();

        await page.getByLabel(tx.fullName).fill(names[lang]);
        await page.getByLabel(tx.email).fill(`aplicante-${lang}-${run}@example.com`);
        await page.getByLabel(tx.phone).fill('55 1234 5678');
        await page.getByLabel(tx.position).fill(tx.position_);
        await page.getByLabel(tx.letter).fill(tx.letter_);
        // Without the consent the form does not leave the page.
        await page.getByLabel(tx.cv).setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: TEST_PDF });
        await page.getByRole('button', { name: tx.submit }).click();
        await expect(page.getByText(tx.consentError)).toBeVisible();
        await page.getByLabel(tx.consent).check();

        if (lang === 'es') {
          // A photo renamed .pdf passes the browser's check by name; the server reads its content and refuses it.
          await page.getByLabel(tx.cv).setInputFiles({
            name: 'cv.pdf',
            mimeType: 'application/pdf',
            buffer: await testImage(400, 400),
          });
          await page.getByRole('button', { name: tx.submit }).click();
          await expect(page.getByText(tx.notPdf)).toBeVisible();
          await shot(page, `refused-${lang}`);
          await page
            .getByLabel(tx.cv)
            .setInputFiles({ name: 'cv-ana.pdf', mimeType: 'application/pdf', buffer: TEST_PDF });
        }
        await shot(page, `form-${lang}`);
        await page.getByRole('button', { name: tx.submit }).click();
        await expect(page.getByRole('heading', { name: tx.sent })).toBeVisible();
        await expect(page.getByText(names[lang])).toBeVisible();
        await shot(page, `sent-${lang}`);
        await page.context().close();
      }

      // The owner, in Mis datos → Solicitudes de empleo.
      const adminContext = await newContext({ phone });
      await signInSeller(adminContext, demoSeller);
      const admin = await adminContext.newPage();
      await admin.goto(platformUrl('/admin/mis-datos'));
      await admin.getByRole('link', { name: 'Solicitudes de empleo' }).last().click();
      await expect(admin.getByRole('heading', { name: 'Solicitudes de empleo', level: 1 })).toBeVisible();
      for (const lang of ['es', 'en'] as const) {
        const card = admin.getByRole('article', { name: names[lang] });
        await expect(card.getByText('Sin revisar')).toBeVisible();
        await expect(card.getByText(`Puesto: ${TEXT[lang].position_}`)).toBeVisible();
      }
      const card = admin.getByRole('article', { name: names.es });
      await card.getByRole('button', { name: `Ver solicitud de ${names.es}` }).click();
      await expect(card.getByText(TEXT.es.letter_)).toBeVisible();
      await expect(card.getByRole('link', { name: '+525512345678' })).toBeVisible();
      await shot(admin, 'admin-open');
      const [download] = await Promise.all([
        admin.waitForEvent('download'),
        card.getByRole('button', { name: /Descargar CV/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('cv-ana.pdf');
      expect(fs.readFileSync(await download.path()).equals(TEST_PDF)).toBe(true);
      await card.getByRole('button', { name: 'Marcar como revisada' }).click();
      await expect(card.getByText('Revisada', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Marcar como sin revisar' })).toBeVisible();

      // The unread filter leaves the reviewed one out and keeps the English one.
      await admin.getByLabel('Mostrar').selectOption('unread');
      await expect(admin.getByRole('article', { name: names.en })).toBeVisible();
      await expect(admin.getByRole('article', { name: names.es })).toBeHidden();
      await shot(admin, 'admin-unread');
    },
  );
});
